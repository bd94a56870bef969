#!/bin/sh
# check_version.sh DOJO VERSION SOURCE_ROOT
# `dojo --version` names the project's version, and for a build from a git
# checkout the commit too, as `git describe --tags --always --dirty` says
# it; a build from a tarball (no .git) names the version alone.
set -u
dojo=$1 version=$2 source_root=$3

out=$("$dojo" --version) || { echo "dojo --version failed"; exit 1; }
short=$("$dojo" -V) || { echo "dojo -V failed"; exit 1; }
[ "$out" = "$short" ] || { echo "--version said '$out' but -V '$short'"; exit 1; }

if [ -e "$source_root/.git" ] && command -v git >/dev/null 2>&1 &&
   describe=$(git --git-dir="$source_root/.git" --work-tree="$source_root" \
              describe --tags --always --dirty 2>/dev/null); then
    expected="dojo $version (git $describe)"
else
    expected="dojo $version"
fi
if [ "$out" != "$expected" ]; then
    echo "dojo --version said:  $out"
    echo "expected:             $expected"
    exit 1
fi
echo "ok: $out"

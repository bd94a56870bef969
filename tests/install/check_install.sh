#!/bin/sh
# check_install.sh MESON BUILDDIR DOJO VERSION FILE...
# `meson install --destdir` into a temporary folder puts the program DOJO
# (which runs and names VERSION) and every FILE (absolute paths as they
# would be installed) under it; the program is the only one installed.
set -u
meson=$1 builddir=$2 dojo=$3 version=$4
shift 4
destdir=$(mktemp -d "${TMPDIR:-/tmp}/dojo-install.XXXXXX") || exit 1
trap 'rm -rf "$destdir"' EXIT

if ! "$meson" install -C "$builddir" --destdir "$destdir" --no-rebuild --quiet >"$destdir.log" 2>&1; then
    echo "meson install --destdir failed:"
    cat "$destdir.log"; rm -f "$destdir.log"
    exit 1
fi
rm -f "$destdir.log"

failed=0
if [ ! -x "$destdir$dojo" ]; then
    echo "not installed (or not executable): $dojo"
    failed=1
else
    out=$("$destdir$dojo" --version)
    case "$out" in
        "dojo $version"*) ;;
        *) echo "the installed dojo says '$out', not dojo $version"; failed=1 ;;
    esac
    others=$(ls "$(dirname "$destdir$dojo")" | grep -v -x dojo)
    [ -z "$others" ] || { echo "programs installed besides dojo: $others"; failed=1; }
fi
for file in "$@"; do
    if [ ! -s "$destdir$file" ]; then
        echo "not installed (or empty): $file"
        failed=1
    fi
done
[ "$failed" = 0 ] && echo "ok: dojo and $# files installed under DESTDIR"
exit "$failed"

# check_version.sh DOJO VERSION SOURCE_ROOT
# `dojo --version` names the project's VERSION, and for a build from a git
# checkout also the commit, as `git describe --tags --always --dirty` says
# it ("(git 1a2b3c4)", "(git v0.1.0-3-g1a2b3c4-dirty)"): a name that is a
# commit of this repository (not necessarily HEAD: a commit made after the
# build is not in it).  A build from a tarball (no .git) names VERSION alone.
set -u
dojo=$1 version=$2 source_root=$3

out=$("$dojo" --version) || { echo "dojo --version failed"; exit 1; }
short=$("$dojo" -V) || { echo "dojo -V failed"; exit 1; }
[ "$out" = "$short" ] || { echo "--version said '$out' but -V '$short'"; exit 1; }

if [ ! -e "$source_root/.git" ]; then
    [ "$out" = "dojo $version" ] || { echo "a build without .git says '$out', not 'dojo $version'"; exit 1; }
    echo "ok: $out"
    exit 0
fi
case "$out" in
    "dojo $version (git "*")") ;;
    *) echo "dojo --version said '$out', not 'dojo $version (git COMMIT)'"; exit 1 ;;
esac
command -v git >/dev/null 2>&1 || { echo "ok: $out (no git to check the commit)"; exit 0; }
described=${out#"dojo $version (git "}
described=${described%")"}
commit=${described%-dirty}
if ! git --git-dir="$source_root/.git" rev-parse --verify --quiet "$commit^{commit}" >/dev/null; then
    echo "dojo --version names '$described', which is no commit of $source_root"
    exit 1
fi
echo "ok: $out"

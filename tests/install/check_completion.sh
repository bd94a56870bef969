#!/bin/sh
# check_completion.sh DOJO SCRIPT
# The bash completion loads in a plain bash (no bash-completion package)
# and completes the commands `dojo --help` lists, the games `dojo list`
# names, a command's options, and once a game is named that game's own
# options and no other's.  Skipped (77) without bash.
set -u
dojo=$1 script=$2
case $dojo in /*) ;; *) dojo=$PWD/$dojo ;; esac
case $script in /*) ;; *) script=$PWD/$script ;; esac
command -v bash >/dev/null 2>&1 || { echo "skip: no bash"; exit 77; }

# complete WORDS...: the completions bash offers for the last word.
complete() {
    bash --norc --noprofile -c '
        script=$1; shift
        . "$script" || exit 3
        complete -p dojo >/dev/null || { echo "the script does not register dojo" >&2; exit 3; }
        COMP_WORDS=("$@")
        COMP_CWORD=$(($# - 1))
        COMP_LINE="$*"
        COMP_POINT=${#COMP_LINE}
        _dojo || exit 3
        printf "%s\n" "${COMPREPLY[@]}" | sort' bash "$script" "$@"
}
failed=0
expect() {  # expect WHAT EXPECTED ACTUAL
    if [ "$2" != "$3" ]; then
        echo "$1: expected"; echo "$2"; echo "got"; echo "$3"
        failed=1
    fi
}

commands=$("$dojo" --help | awk '/^Commands:/ { on = 1; next } on && /^$/ { exit } on { print $1 }' | sort)
games=$("$dojo" list | awk '/^[a-z]/ { print $1 }' | sort)
case "$commands" in *play*) ;; *) echo "dojo --help lists no play command"; exit 1 ;; esac
[ -n "$games" ] || { echo "dojo list names no game"; exit 1; }

expect "dojo <TAB>" "$commands" "$(complete "$dojo" "")"
expect "dojo pl<TAB>" "play" "$(complete "$dojo" pl)"
expect "dojo help <TAB>" "$commands" "$(complete "$dojo" help "")"
expect "dojo play <TAB>" "$games" "$(complete "$dojo" play "")"
expect "dojo perft --seed 3 <TAB>" "$games" "$(complete "$dojo" perft --seed 3 "")"
expect "dojo play --lev<TAB>" "--level=" "$(complete "$dojo" play --lev)"
expect "dojo review --nod<TAB>" "--nodes=" "$(complete "$dojo" review --nod)"
expect "dojo play --level <TAB>" "" "$(complete "$dojo" play --level "")"
expect "dojo --vers<TAB>" "--version" "$(complete "$dojo" --vers)"

# A game named on the line: its own options are offered, and no option
# that only another game has (`dojo list` says which game has which).
options_of() {  # options_of GAME: its option names, one a line, as --NAME=
    "$dojo" list | awk -v game="$1" '
        /^[^ ]/ { on = ($1 == game) }
        on { for (i = 1; i < NF; i++) if ($i == "-o") { sub(/=.*/, "=", $(i + 1)); print "--" $(i + 1) } }'
}
for game in $games; do
    offered=$(complete "$dojo" play "$game" --)
    own=$(options_of "$game")
    for option in $own; do
        case "
$offered
" in *"
$option
"*) ;; *) echo "dojo play $game --<TAB> misses its own $option"; failed=1 ;; esac
    done
    for other in $games; do
        [ "$other" = "$game" ] && continue
        for option in $(options_of "$other"); do
            case "
$own
" in *"
$option
"*) continue ;; esac
            case "
$offered
" in *"
$option
"*) echo "dojo play $game --<TAB> offers $other's $option"; failed=1 ;; esac
        done
    done
done

# File names, and only folders where a folder is asked for.
dir=$(mktemp -d "${TMPDIR:-/tmp}/dojo-completion.XXXXXX") || exit 1
trap 'rm -rf "$dir"' EXIT
touch "$dir/game.dojo" && mkdir "$dir/games" || exit 1
expect "dojo review g<TAB>" "$(printf 'game.dojo\ngames')" "$(cd "$dir" && complete "$dojo" review g)"
expect "dojo match --records g<TAB>" "games" "$(cd "$dir" && complete "$dojo" match --records g)"

[ "$failed" = 0 ] && echo "ok: commands, games, options and files complete"
exit "$failed"

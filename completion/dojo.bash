# bash completion for dojo                                   -*- shell-script -*-
#
# Commands, game names and options are read from dojo itself ('dojo --help',
# 'dojo list', 'dojo help COMMAND'), so they always match the binary being
# completed, whatever games it was built with.  Plain bash is enough: the
# bash-completion package's helpers are used for file names when present.

# The dojo being completed: the one typed on the line (a build folder's, say).
_dojo_program()
{
    local program="${COMP_WORDS[0]}"
    program="${program/#\~/$HOME}"
    printf '%s' "$program"
}

# The commands listed under "Commands:" in 'dojo --help'.
_dojo_commands()
{
    "$(_dojo_program)" --help 2>/dev/null |
        awk '/^Commands:/ { on = 1; next } on && /^$/ { exit } on { print $1 }'
}

# The words an option of COMMAND [GAME] takes when its help shows them
# as a list ('--NAME=one|two|three'): a game's choices, say.
_dojo_option_words()
{
    local option=$1
    shift
    _dojo_help "$@" |
        sed -n "s/^  *${option}=\([A-Za-z0-9_-]*|[A-Za-z0-9_|-]*\) .*/\1/p" | head -n 1 | tr '|' ' '
}

# The games this dojo plays: the unindented names in 'dojo list'.
_dojo_games()
{
    "$(_dojo_program)" list 2>/dev/null | awk '/^[a-z]/ { print $1 }'
}

# The help of COMMAND: with a GAME named, that game's (dojo offers the
# options of the game named alone), else every game's.
_dojo_help()
{
    if [[ -n ${2:-} ]]; then
        "$(_dojo_program)" "$1" "$2" --help-all 2>/dev/null
    else
        "$(_dojo_program)" help "$1" 2>/dev/null
    fi
}

# The long options of COMMAND [GAME] (see _dojo_help); one that takes a
# value ends in '=' (as in '--level=N').
_dojo_options()
{
    _dojo_help "$@" |
        sed -n 's/^  *\(-[A-Za-z], \)\{0,1\}\(--[A-Za-z0-9][A-Za-z0-9-]*=\{0,1\}\).*/\2/p' |
        awk '{ name = $0; sub(/=$/, "", name); if (!(name in seen) || $0 ~ /=$/) seen[name] = $0 }
             END { for (name in seen) print seen[name] }' | sort
}

_dojo_files()
{
    if declare -F _filedir >/dev/null; then
        _filedir "$@"
    else
        local IFS=$'\n' kind=-f
        [[ ${1:-} == -d ]] && kind=-d
        COMPREPLY=($(compgen "$kind" -- "$cur"))
    fi
}

_dojo()
{
    local cur="${COMP_WORDS[COMP_CWORD]}"
    local prev=""
    ((COMP_CWORD > 0)) && prev="${COMP_WORDS[COMP_CWORD - 1]}"
    COMPREPLY=()

    # The command: the first word after dojo that is not an option.
    local command="" i
    for ((i = 1; i < COMP_CWORD; i++)); do
        case "${COMP_WORDS[i]}" in
            -*) ;;
            *) command="${COMP_WORDS[i]}"; break ;;
        esac
    done

    if [[ -z $command ]]; then
        if [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W '--help --version' -- "$cur"))
        else
            COMPREPLY=($(compgen -W "$(_dojo_commands)" -- "$cur"))
        fi
        return
    fi
    [[ $command == analyse ]] && command=analyze

    # The game named, if any: its own options are then the only ones.
    local games game="" w j
    games="$(_dojo_games)"
    if [[ $command != help ]]; then
        for ((j = i + 1; j < COMP_CWORD; j++)); do
            w="${COMP_WORDS[j]}"
            if [[ $'\n'$games$'\n' == *$'\n'$w$'\n'* ]]; then
                game=$w
                break
            fi
        done
    fi

    local options
    options="$(_dojo_options "$command" $game)"

    if [[ $cur == -* ]]; then
        # dojo match reads cutechess-cli's single-dash options too.
        [[ $command == match && $cur != --* ]] && options+=" -engine -each -games -rounds
            -repeat -concurrency -openings -draw -resign -sprt -pgnout -recover
            -ratinginterval -srand -variant -event -site -tournament -maxmoves"
        COMPREPLY=($(compgen -W "$options" -- "$cur"))
        # '--level=' waits for its value.
        if [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == *= ]]; then
            compopt -o nospace 2>/dev/null
        fi
        return 0
    fi
    # '--record=FILE': bash splits the words at '=' unless COMP_WORDBREAKS
    # has been changed.
    if [[ $cur == = ]]; then
        cur=""
    elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then
        prev="${COMP_WORDS[COMP_CWORD - 2]}"
    elif [[ $cur == --*=* ]]; then
        prev="${cur%%=*}"
        cur="${cur#*=}"
    fi

    # The value of an option: a file or a folder, a search, or anything.
    case "$prev" in
        --record | --output | --resume | --openings | --labels | --save-labels | --weights | --pgn | --result)
            _dojo_files
            return
            ;;
        -o)
            [[ $command == tune ]] && _dojo_files
            return
            ;;
        --records | --tablebase-dir)
            _dojo_files -d
            return
            ;;
        --engine)
            [[ $command != match && $command != spsa ]] && COMPREPLY=($(compgen -W 'alphabeta mcts' -- "$cur"))
            return
            ;;
    esac
    if [[ $prev == --* && $'\n'$options$'\n' == *$'\n'$prev=$'\n'* ]]; then
        COMPREPLY=($(compgen -W "$(_dojo_option_words "$prev" "$command" $game)" -- "$cur"))
        return
    fi

    # Has a game (or, after help, a command) been named already?
    local named=false merging=false
    for ((i = i + 1; i < COMP_CWORD; i++)); do
        w="${COMP_WORDS[i]}"
        [[ $w == --merge ]] && merging=true
        if [[ $command == help ]]; then
            named=true
        elif [[ $'\n'$games$'\n' == *$'\n'$w$'\n'* ]]; then
            named=true
        fi
    done

    case "$command" in
        help)
            $named || COMPREPLY=($(compgen -W "$(_dojo_commands)" -- "$cur"))
            ;;
        match)
            # dojo match --merge PATH...: the slices' result files or folders
            if $merging; then
                _dojo_files
            elif ! $named; then
                COMPREPLY=($(compgen -W "$games" -- "$cur"))
            fi
            ;;
        play | perft | analyze | spsa | bench | solve)
            [[ $named == false || $command == bench ]] &&
                COMPREPLY=($(compgen -W "$games" -- "$cur"))
            ;;
        tune)
            if $named; then
                _dojo_files
            else
                COMPREPLY=($(compgen -W "$games" -- "$cur"))
            fi
            ;;
        review | convert)
            _dojo_files
            ;;
    esac
}

complete -F _dojo dojo

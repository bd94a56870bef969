#!/bin/sh
# check_man.sh DOJO MANPAGE VERSION
# The manual page has a section for every command `dojo --help` lists, and
# every long option `dojo help COMMAND` shows is in its command's section
# (a game's options, such as Onitama's --cards, in "Game options").  Run in
# every build, so a single-game build checks the commands and options it has.
# Its title line names the project's VERSION (a new version reviews the page).
set -u
dojo=$1 man=$2 version=$3
[ -r "$man" ] || { echo "no manual page at $man"; exit 1; }
grep -q "^\.TH DOJO 1 \"[0-9-]*\" \"dojo $version\"" "$man" ||
    { echo "the manual's .TH line does not name dojo $version (and its date)"; exit 1; }

commands=$("$dojo" --help | awk '/^Commands:/ { on = 1; next } on && /^$/ { exit } on { print $1 }')
[ -n "$commands" ] || { echo "dojo --help lists no commands"; exit 1; }

# The text of one section: from the line starting with $1 to the next .SS/.SH,
# with roff's \- written as -.
section() {
    awk -v head="$1" 'index($0, head) == 1 { on = 1; next } on && /^\.S[SH]/ { exit } on' "$man" |
        sed 's/\\-/-/g'
}
# Does the text on standard input name option $1 (not only a longer one)?
names_option() {
    grep -q -e "$1\([^A-Za-z0-9-]\|\$\)"
}

game_options=$(section '.SS Game options')
failed=0
for command in $commands; do
    if ! grep -q "^\.SS dojo $command\( \|\$\)" "$man"; then
        echo "the manual has no section '.SS dojo $command'"
        failed=1
        continue
    fi
    [ "$command" = help ] && continue
    text=$(section ".SS dojo $command")
    options=$("$dojo" help "$command" |
              sed -n 's/^  *\(-[A-Za-z], \)\{0,1\}\(--[A-Za-z0-9][A-Za-z0-9-]*\).*/\2/p' |
              grep -v -e '^--help' | sort -u)
    for option in $options; do
        if ! printf '%s\n' "$text" | names_option "$option" &&
           ! printf '%s\n' "$game_options" | names_option "$option"; then
            echo "the manual's section on 'dojo $command' does not name $option"
            failed=1
        fi
    done
done
for option in --help --version; do
    section '.SH OPTIONS' | names_option "$option" || { echo "the manual does not name $option"; failed=1; }
done

# Lint the roff when groff is there (warnings are mistakes in the page).
if command -v groff >/dev/null 2>&1; then
    warnings=$(groff -man -Tutf8 -ww -z "$man" 2>&1)
    if [ -n "$warnings" ]; then
        echo "groff warns about the manual page:"
        echo "$warnings"
        failed=1
    fi
fi
[ "$failed" = 0 ] && echo "ok: the manual names every command and option of $(echo $commands | wc -w) commands"
exit "$failed"

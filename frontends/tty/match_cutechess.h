/* match_cutechess.h: `dojo match VARIANT` reads the command line of
 * cutechess-cli and fastchess, so that a tester's script runs with
 * `dojo match VARIANT` in place of the program's name.
 *
 * The single-dash options are translated into dojo match's own long
 * options (its typed option table then reads them, with their ranges and
 * messages), before the table sees the command line:
 *
 *   -engine K=V K=V ...     --engine K=V,K=V (a comma in a value escaped)
 *   -each K=V ...           added to every engine's spec (after its own, so
 *                           that it wins, as in cutechess-cli)
 *   -games N, -rounds N     --games N, --rounds N; -games is 1 when not given
 *   -repeat [2]             nothing: dojo always plays each opening twice,
 *                           colours swapped (another count is refused)
 *   -concurrency N          --concurrency N
 *   -openings file=F [format=epd|pgn] [order=random|sequential] [start=N]
 *             [plies=N] [policy=default]
 *                           --openings pgn:F (format=pgn, or F named *.pgn)
 *                           --openings-plies N, or --openings file:F (an EPD
 *                           line is a position: plies= has nothing to cut);
 *                           --openings-order O --openings-start N
 *   -draw movenumber=N movecount=C score=S
 *                           --draw-after 2N --draw-moves C --draw-score S
 *   -resign movecount=C score=S [twosided=true]
 *                           --resign-moves C --resign-score S, and
 *                           --resign-one-sided unless twosided=true
 *   -sprt elo0= elo1= [alpha= beta= model=logistic]   --sprt elo0=...,elo1=...
 *   -pgnout FILE [min] [fi], or -pgnout file=FILE      --pgn FILE
 *   -ratinginterval N       --rating-interval N
 *   -seed N, -srand N       --seed N
 *   -event T, -site T       --event T, --site T
 *   -tournament round-robin|gauntlet   --tournament ...
 *   -maxmoves N             --max-plies 2N
 *   -variant V              checked against VARIANT (or VARIANT when not given)
 *   -recover                nothing: a crashed engine is always started again
 *   -debug, -wait N, -outcomeinterval N, -output format=cutechess
 *                           accepted and ignored (they change no result)
 *
 * Other options of those programs (-tb, -noswap, -bookmode, ...) are
 * refused by name.  The long form keeps working, and the two mix; an
 * --engine SPEC may also be followed by more K=V words, as -engine takes
 * them. */
#ifndef DOJO_FRONTENDS_TTY_MATCH_CUTECHESS_H
#define DOJO_FRONTENDS_TTY_MATCH_CUTECHESS_H

#include <stdbool.h>

#include <glib.h>

typedef struct DojoCutechessArgs {
    int argc;
    char **argv;          /* the command line in dojo's long form, NULL-ended (a GOption
                           * parse may reorder it: the strings are owned by `kept`) */
    GPtrArray *kept;
    char *variant;        /* -variant V, or NULL */
} DojoCutechessArgs;

/* Translate `argc`, `argv` (argv[0] the command's name) into `out`, which
 * is the same command line when it has nothing to translate.  A usage
 * error (DOJO_USAGE_ERROR) naming the option for one of those programs'
 * options that dojo does not take, or a value it cannot. */
bool dojo_match_cutechess_translate(int argc, char **argv, DojoCutechessArgs *out,
                                    GError **error);

/* Free what dojo_match_cutechess_translate set (also after a failure). */
void dojo_match_cutechess_clear(DojoCutechessArgs *args);

#endif

/* fuzz_seeds.c: see fuzz_seeds.h.  The layouts written here are the ones
 * tests/fuzz/README.md gives for each target: change both together. */
#include "tests/fuzz/fuzz_seeds.h"

#include <string.h>

#include "framework/game_history.h"
#include "framework/notation.h"
#include "framework/record.h"

static const char *const target_names[FUZZ_TARGET_COUNT] = {
    [FUZZ_TARGET_POSITION] = "position",
    [FUZZ_TARGET_MOVE] = "move",
    [FUZZ_TARGET_RECORD] = "record",
    [FUZZ_TARGET_PLAY] = "play",
    [FUZZ_TARGET_UCI] = "uci",
};

const char *fuzz_target_name(FuzzTarget target)
{
    return (unsigned)target < FUZZ_TARGET_COUNT ? target_names[target] : "?";
}

bool fuzz_target_from_name(const char *name, FuzzTarget *target)
{
    for (int t = 0; t < FUZZ_TARGET_COUNT; t++) {
        if (strcmp(name, target_names[t]) == 0) {
            *target = (FuzzTarget)t;
            return true;
        }
    }
    return false;
}

char *fuzz_seed_file_name(GBytes *seed_bytes)
{
    return g_compute_checksum_for_bytes(G_CHECKSUM_SHA1, seed_bytes);
}

/* ---- randomness ------------------------------------------------------------------------
 * splitmix64, not GRand: the same bytes from the same seed on every
 * platform and GLib version, since saved seeds are named by their bytes. */

typedef struct Rng {
    guint64 state;
} Rng;

static guint64 rng_next(Rng *rng)
{
    guint64 z = (rng->state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* A number in [0, n), or 0 when n <= 1. */
static int rng_below(Rng *rng, int n)
{
    return n <= 1 ? 0 : (int)(rng_next(rng) % (guint64)n);
}

/* The generator of one seed: the game's name (FNV-1a) mixed with the
 * seed, the target and the seed's ordinal, so that a game's seeds do not
 * depend on which other games are built. */
static Rng rng_for(FuzzTarget target, const DjVariant *v, guint64 seed, int index)
{
    guint64 hash = UINT64_C(0xcbf29ce484222325);
    for (const char *p = v->name; *p != '\0'; p++)
        hash = (hash ^ (guint8)*p) * UINT64_C(0x100000001b3);
    Rng rng = { hash };
    rng.state = rng_next(&rng) ^ seed;
    rng.state = rng_next(&rng) ^ (guint64)target;
    rng.state = rng_next(&rng) ^ (guint64)index;
    return rng;
}

/* ---- random games ------------------------------------------------------------------------ */

/* Far enough for any game to end, short enough for a seed (play's input
 * limit is 64 KB: a few hundred lines of moves fit well inside). */
#define LONG_GAME 300
/* Most plies of a game cut in the middle. */
#define MIDDLE_GAME 80

/* A new game of `v` dealt by `setup_seed`, or NULL when the game refuses
 * one (the targets then find that themselves). */
static DjGame *new_game(const DjVariant *v, guint64 setup_seed)
{
    DjSetup setup = { .seed = setup_seed };
    return dj_game_new(v, &setup, NULL);
}

/* One random legal move of the current position of `game`, or
 * DJ_MOVE_NONE when it has none. */
static DjMove random_move(const DjGame *game, DjMove *moves, Rng *rng)
{
    const DjVariant *v = dj_game_variant(game);
    int n = v->legal_moves(dj_game_position(game), moves);
    return n > 0 ? moves[rng_below(rng, n)] : DJ_MOVE_NONE;
}

/* Play random legal moves until `game` has `plies` moves or is over. */
static void play_random(DjGame *game, int plies, Rng *rng)
{
    DjMove *moves = g_new(DjMove, dj_game_variant(game)->max_moves);
    while (dj_game_length(game) < plies && dj_game_outcome(game) == DJ_OUTCOME_ONGOING) {
        DjMove move = random_move(game, moves, rng);
        if (move == DJ_MOVE_NONE || !dj_game_play(game, move, NULL))
            break;
    }
    g_free(moves);
}

/* How many plies a seed of kind `kind` plays: none (0), to the end (1),
 * or some way into the game. */
static int plies_of_kind(int kind, Rng *rng)
{
    switch (kind) {
    case 0:
        return 0;
    case 1:
        return LONG_GAME;
    default:
        return 1 + rng_below(rng, MIDDLE_GAME);
    }
}

static GString *named_input(const DjVariant *v)
{
    GString *out = g_string_new(v->name);
    g_string_append_c(out, '\n');
    return out;
}

/* ---- fuzz_position: NAME\n then a position string ----------------------------------------- */

/* Kinds: a new game; a finished game; a game cut in the middle; another
 * written in the engine protocols' form (format_position_engine). */
static void position_seed(const DjVariant *v, int kind, Rng *rng, GString *out)
{
    DjGame *game = new_game(v, rng_next(rng) & 0xffffffffu);
    if (game == NULL)
        return;
    play_random(game, plies_of_kind(kind, rng), rng);
    if (kind == 3)
        dj_format_position_engine(v, dj_game_position(game), out);
    else
        v->format_position(dj_game_position(game), out);
    dj_game_free(game);
}

/* ---- fuzz_move: NAME\n, byte k, k % 64 choice bytes, then move text ------------------------- */

/* Change `text` a little, into what a player might mistype: a byte cut
 * off, replaced or added. */
static void mistype(GString *text, Rng *rng)
{
    static const char typos[] = "x0@*:-+'z9 ";
    int how = rng_below(rng, 3);
    if (text->len == 0 || how == 2)
        g_string_append_c(text, typos[rng_below(rng, (int)sizeof typos - 1)]);
    else if (how == 0)
        g_string_truncate(text, text->len - 1);
    else
        text->str[rng_below(rng, (int)text->len)] = typos[rng_below(rng, (int)sizeof typos - 1)];
}

/* Kinds: a move of a new game; one far into a game (32 plies or more);
 * one written as engines write it; a mistyped one.  The moves the choice
 * bytes pick are replayed exactly as fuzz_move.c does (the variant's own
 * play(), no game history), so that the text is read where it was made. */
static void move_seed(const DjVariant *v, int kind, Rng *rng, GString *out)
{
    void *pos = g_malloc0(v->state_size);
    DjMove *moves = g_new(DjMove, v->max_moves);
    guint8 choices[64];
    for (int attempt = 0; attempt < 32; attempt++) {
        guint8 k = (guint8)rng_next(rng);
        if (kind == 0)
            k = (guint8)(k & ~63u);
        else if (kind == 1)
            k = (guint8)((k & ~63u) | 32u | (k & 31u));
        int plies = k % 64;
        DjSetup setup = { .seed = k };
        if (!v->setup(pos, &setup, NULL))
            break;   /* fuzz_move reports a new game refused */
        int played = 0, n = 0;
        while (v->outcome(pos) == DJ_OUTCOME_ONGOING) {
            n = v->legal_moves(pos, moves);
            if (played == plies || n == 0)
                break;
            choices[played] = (guint8)rng_next(rng);
            v->play(pos, moves[choices[played] % n]);
            played++;
        }
        if (v->outcome(pos) != DJ_OUTCOME_ONGOING || n == 0)
            continue;   /* the text would never be read: draw again */
        g_string_append_c(out, (char)k);
        g_string_append_len(out, (const char *)choices, plies);
        DjMove move = moves[rng_below(rng, n)];
        GString *text = g_string_new(NULL);
        if (kind == 2)
            dj_format_move_engine(v, pos, move, text);
        else
            v->format_move(pos, move, text);
        if (kind == 3)
            mistype(text, rng);
        g_string_append_len(out, text->str, (gssize)text->len);
        g_string_free(text, TRUE);
        break;
    }
    g_free(moves);
    g_free(pos);
}

/* ---- fuzz_record: a game record ---------------------------------------------------------- */

/* Kinds: a few moves; a finished game; a game cut in the middle; one the
 * side to move resigned. */
static void record_seed(const DjVariant *v, int kind, Rng *rng, GString *out)
{
    DjGame *game = new_game(v, rng_next(rng) & 0xffffffffu);
    if (game == NULL) {
        g_string_append_printf(out, "[Variant \"%s\"]\n\n*\n", v->name);
        return;
    }
    play_random(game, kind == 0 ? 1 + rng_below(rng, 5) : plies_of_kind(kind, rng), rng);
    if (kind == 3 && dj_game_outcome(game) == DJ_OUTCOME_ONGOING) {
        int loser = v->side_to_move(dj_game_position(game));
        char *reason = g_strdup_printf("%s resigned", v->side_names[loser]);
        dj_game_set_result(game, dj_outcome_win_for(1 - loser), reason);
        g_free(reason);
    }
    dj_record_format(game, out);
    dj_game_free(game);
}

/* ---- fuzz_play: NAME\n, the new game's seed byte, then the lines typed ----------------------- */

/* A command of the play loop that changes nothing in the game, typed
 * between moves by a seed of kind 2. */
static const char *const idle_commands[] = {
    "board", "moves", "history", "position", "help", "flip", "draw",
};

/* Kinds: a few moves then quit; a game played to its end; moves mixed
 * with commands (undo and the turn again, save and load, a hint, a move
 * in the engines' form, a line that is no move); a game resigned.
 *
 * `undo` comes only at the end of a turn, followed by every move of that
 * turn again: whether the play loop takes back the last move or the whole
 * turn, the game goes on the same (a move typed again that is still on
 * the board is refused, and the loop goes on). */
static void play_seed(const DjVariant *v, int kind, Rng *rng, GString *out)
{
    guint8 setup_seed = (guint8)rng_next(rng);
    DjGame *game = new_game(v, setup_seed);
    g_string_append_c(out, (char)setup_seed);
    if (game == NULL) {
        g_string_append(out, "quit\n");
        return;
    }
    int plies = kind == 0 ? 1 + rng_below(rng, 20) : plies_of_kind(kind, rng);
    DjMove *moves = g_new(DjMove, v->max_moves);
    GString *text = g_string_new(NULL);
    GString *turn = g_string_new(NULL);   /* the lines of the turn's moves */
    bool hinted = false, saved = false, claimed = false, undo = false;
    while (dj_game_length(game) < plies && dj_game_outcome(game) == DJ_OUTCOME_ONGOING) {
        DjMove move = random_move(game, moves, rng);
        if (move == DJ_MOVE_NONE)
            break;
        const void *pos = dj_game_position(game);
        g_string_truncate(text, 0);
        bool aside = kind == 2 && rng_below(rng, 4) == 0;
        int what = aside ? rng_below(rng, 6) : -1;
        if (what == 0)
            dj_format_move_engine(v, pos, move, text);
        else
            v->format_move(pos, move, text);
        switch (what) {
        case 1:   /* once the turn is over */
            undo = true;
            break;
        case 2: {
            const char *command = idle_commands[rng_below(rng, (int)G_N_ELEMENTS(idle_commands))];
            g_string_append_printf(out, "%s\n", command);
            /* a draw the rules let the side to move claim ends the game */
            claimed = strcmp(command, "draw") == 0 && dj_game_can_claim_draw(game);
            break;
        }
        case 3:
            if (!hinted)
                g_string_append(out, "hint\n");
            hinted = true;
            break;
        case 4:   /* loaded at once, so the game goes on the same; the file is
                   * in fuzz_play's private folder */
            if (!saved)
                g_string_append(out, "save game.dojo\nload game.dojo\n");
            saved = true;
            break;
        case 5:
            g_string_append(out, "no-such-move\n");
            break;
        default:
            break;
        }
        if (claimed)
            break;
        g_string_append_printf(out, "%s\n", text->str);
        g_string_append_printf(turn, "%s\n", text->str);
        int mover = v->side_to_move(pos);
        if (!dj_game_play(game, move, NULL))
            break;
        if (v->side_to_move(dj_game_position(game)) != mover) {
            if (undo && dj_game_outcome(game) == DJ_OUTCOME_ONGOING)
                g_string_append_printf(out, "undo\n%s", turn->str);
            undo = false;
            g_string_truncate(turn, 0);
        }
    }
    if (!claimed && dj_game_outcome(game) == DJ_OUTCOME_ONGOING)
        g_string_append(out, kind == 3 ? "resign\nresign\n" : "quit\n");
    g_string_free(turn, TRUE);
    g_string_free(text, TRUE);
    g_free(moves);
    dj_game_free(game);
}

/* ---- fuzz_uci: a session with the engine --------------------------------------------------- */

/* Append " moves M1 M2 ..." (engine forms): up to `count` random moves
 * played on in `game`; nothing when none is played. */
static void append_engine_moves(DjGame *game, int count, Rng *rng, GString *out)
{
    const DjVariant *v = dj_game_variant(game);
    DjMove *moves = g_new(DjMove, v->max_moves);
    for (int i = 0; i < count && dj_game_outcome(game) == DJ_OUTCOME_ONGOING; i++) {
        DjMove move = random_move(game, moves, rng);
        if (move == DJ_MOVE_NONE)
            break;
        g_string_append(out, i == 0 ? " moves " : " ");
        dj_format_move_engine(v, dj_game_position(game), move, out);
        if (!dj_game_play(game, move, NULL))
            break;
    }
    g_free(moves);
}

/* Kinds: the start position dealt by the Seed option, with moves; a
 * position of a game cut in the middle, with moves; the engine's own start
 * position under several limits; a finished game.  Each searches a little
 * (fuzz_uci caps every search), and each search is stopped before the next
 * command, as a GUI waits for bestmove. */
static void uci_seed(const DjVariant *v, int kind, Rng *rng, GString *out)
{
    g_string_append_printf(out, "uci\nsetoption name UCI_Variant value %s\nisready\nucinewgame\n",
                           v->name);
    guint64 setup_seed = (guint64)rng_below(rng, 1000);
    DjGame *game = new_game(v, setup_seed);
    if (game == NULL) {
        g_string_append(out, "position startpos\ngo depth 1\nquit\n");
        return;
    }
    switch (kind) {
    case 0:
        g_string_append_printf(out, "setoption name Seed value %" G_GUINT64_FORMAT "\n"
                               "position startpos", setup_seed);
        append_engine_moves(game, 1 + rng_below(rng, 12), rng, out);
        g_string_append(out, "\ngo depth 2\nstop\ngo perft 2\nstop\n");
        break;
    case 1:
    case 3:
        play_random(game, plies_of_kind(kind == 1 ? 2 : 1, rng), rng);
        g_string_append(out, "position fen ");
        dj_format_position_engine(v, dj_game_position(game), out);
        append_engine_moves(game, rng_below(rng, 6), rng, out);
        g_string_append(out, kind == 1 ? "\ngo nodes 500\n"
                                       : "\nsetoption name MultiPV value 3\ngo depth 3\n");
        break;
    default:
        g_string_append_printf(out, "position startpos\ngo nodes %d\nstop\ngo movetime 5\n"
                               "stop\ngo infinite\nstop\n"
                               "go wtime 500 btime 500 winc 10 binc 10\nstop\n",
                               100 + rng_below(rng, 900));
        break;
    }
    g_string_append(out, "quit\n");
    dj_game_free(game);
}

/* ---- all targets --------------------------------------------------------------------------- */

void fuzz_seeds_make(FuzzTarget target, const DjVariant *variant, guint64 seed, int count,
                     GPtrArray *out)
{
    for (int i = 0; i < count; i++) {
        Rng rng = rng_for(target, variant, seed, i);
        int kind = i % 4;
        GString *input;
        switch (target) {
        case FUZZ_TARGET_POSITION:
            input = named_input(variant);
            position_seed(variant, kind, &rng, input);
            break;
        case FUZZ_TARGET_MOVE:
            input = named_input(variant);
            move_seed(variant, kind, &rng, input);
            break;
        case FUZZ_TARGET_RECORD:
            input = g_string_new(NULL);
            record_seed(variant, kind, &rng, input);
            break;
        case FUZZ_TARGET_PLAY:
            input = named_input(variant);
            play_seed(variant, kind, &rng, input);
            break;
        case FUZZ_TARGET_UCI:
        default:
            input = g_string_new(NULL);
            uci_seed(variant, kind, &rng, input);
            break;
        }
        gsize length = input->len;
        g_ptr_array_add(out, g_bytes_new_take(g_string_free(input, FALSE), length));
    }
}

/* reference.c: see reference.h. */
#include "tests/ogi/reference.h"

#include <string.h>

enum { P = 1, L, N, S, B, R, I, K, PROMOTED = 8 };

static const char letters[] = " PLNSBRIK";

typedef struct Dir {
    int df, dr;
} Dir;

static const Dir gold_dirs[] = { { -1, 1 }, { 0, 1 }, { 1, 1 }, { -1, 0 }, { 1, 0 }, { 0, -1 } };
static const Dir silver_dirs[] = { { -1, 1 }, { 0, 1 }, { 1, 1 }, { -1, -1 }, { 1, -1 } };
static const Dir king_dirs[] = { { -1, 1 }, { 0, 1 }, { 1, 1 }, { -1, 0 },
                                 { 1, 0 }, { -1, -1 }, { 0, -1 }, { 1, -1 } };
static const Dir ortho_dirs[] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
static const Dir diag_dirs[] = { { 1, 1 }, { -1, 1 }, { 1, -1 }, { -1, -1 } };
static const Dir jump_dirs[] = { { 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 },
                                 { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 } };
static const Dir knight_dirs[] = { { -1, 2 }, { 1, 2 } };
static const Dir pawn_dirs[] = { { 0, 1 } };

static bool on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

/* Mark in `to` every square the piece on `sq` moves to (captures of own
 * pieces included; the caller filters). */
static void add_steps(const RefPosition *pos, int sq, const Dir *dirs, int n, bool slide,
                      bool to[64])
{
    int sign = pos->colour[sq] == 0 ? 1 : -1;
    for (int i = 0; i < n; i++) {
        int f = sq % 8 + dirs[i].df;
        int r = sq / 8 + sign * dirs[i].dr;
        while (on_board(f, r)) {
            to[f + r * 8] = true;
            if (!slide || pos->type[f + r * 8] != 0)
                break;
            f += dirs[i].df;
            r += sign * dirs[i].dr;
        }
    }
}

static void piece_moves(const RefPosition *pos, int sq, bool to[64])
{
    memset(to, 0, 64 * sizeof to[0]);
    switch (pos->type[sq]) {
    case P: add_steps(pos, sq, pawn_dirs, 1, false, to); break;
    case L: add_steps(pos, sq, pawn_dirs, 1, true, to); break;
    case N: add_steps(pos, sq, knight_dirs, 2, false, to); break;
    case S: add_steps(pos, sq, silver_dirs, 5, false, to); break;
    case B: add_steps(pos, sq, diag_dirs, 4, true, to); break;
    case R: add_steps(pos, sq, ortho_dirs, 4, true, to); break;
    case I:
        add_steps(pos, sq, diag_dirs, 4, true, to);
        add_steps(pos, sq, jump_dirs, 8, false, to);
        break;
    case K: add_steps(pos, sq, king_dirs, 8, false, to); break;
    case P + PROMOTED:
    case L + PROMOTED:
    case N + PROMOTED:
    case S + PROMOTED: add_steps(pos, sq, gold_dirs, 6, false, to); break;
    case B + PROMOTED:
        add_steps(pos, sq, diag_dirs, 4, true, to);
        add_steps(pos, sq, king_dirs, 8, false, to);
        break;
    case R + PROMOTED:
        add_steps(pos, sq, ortho_dirs, 4, true, to);
        add_steps(pos, sq, king_dirs, 8, false, to);
        break;
    case I + PROMOTED:
        add_steps(pos, sq, diag_dirs, 4, true, to);
        add_steps(pos, sq, jump_dirs, 8, false, to);
        add_steps(pos, sq, king_dirs, 8, false, to);
        break;
    default: break;
    }
}

bool ref_in_check(const RefPosition *pos, int colour)
{
    int king = -1;
    for (int sq = 0; sq < 64; sq++)
        if (pos->type[sq] == K && pos->colour[sq] == colour)
            king = sq;
    if (king < 0)
        return false;
    for (int sq = 0; sq < 64; sq++) {
        if (pos->type[sq] == 0 || pos->colour[sq] == colour)
            continue;
        bool to[64];
        piece_moves(pos, sq, to);
        if (to[king])
            return true;
    }
    return false;
}

static bool in_zone(int colour, int sq)
{
    int rank = sq / 8;
    return colour == 0 ? rank >= 5 : rank <= 2;
}

void ref_play(RefPosition *pos, const RefMove *m)
{
    int us = pos->side;
    if (m->from < 0) {
        pos->hand[us][m->drop_type]--;
        pos->type[m->to] = m->drop_type;
        pos->colour[m->to] = us;
    } else {
        if (pos->type[m->to] != 0) {
            int base = pos->type[m->to] > PROMOTED ? pos->type[m->to] - PROMOTED : pos->type[m->to];
            pos->hand[us][base]++;
        }
        pos->type[m->to] = pos->type[m->from] + (m->promotes ? PROMOTED : 0);
        pos->colour[m->to] = us;
        pos->type[m->from] = 0;
        pos->colour[m->from] = 0;
    }
    pos->side = 1 - us;
}

static int add_if_legal(const RefPosition *pos, const RefMove *m, RefMove *out, int n)
{
    RefPosition after = *pos;
    ref_play(&after, m);
    if (!ref_in_check(&after, pos->side))
        out[n++] = *m;
    return n;
}

int ref_legal_moves(const RefPosition *pos, RefMove *out)
{
    int us = pos->side;
    int n = 0;
    for (int from = 0; from < 64; from++) {
        if (pos->type[from] == 0 || pos->colour[from] != us)
            continue;
        bool to[64];
        piece_moves(pos, from, to);
        for (int sq = 0; sq < 64; sq++) {
            if (!to[sq] || (pos->type[sq] != 0 && pos->colour[sq] == us))
                continue;
            int t = pos->type[from];
            bool can_promote = t < K;
            RefMove m = { from, sq, 0, can_promote && (in_zone(us, from) || in_zone(us, sq)) };
            n = add_if_legal(pos, &m, out, n);
        }
    }
    for (int t = P; t <= I; t++) {
        if (pos->hand[us][t] == 0)
            continue;
        for (int sq = 0; sq < 64; sq++) {
            if (pos->type[sq] != 0)
                continue;
            int rank_ahead = us == 0 ? 7 - sq / 8 : sq / 8;   /* ranks left in front */
            if ((t == P || t == L) && rank_ahead < 1)
                continue;
            if (t == N && rank_ahead < 2)
                continue;
            if (t == P) {
                bool nifu = false;
                for (int r = 0; r < 8; r++) {
                    int s = sq % 8 + r * 8;
                    if (pos->type[s] == P && pos->colour[s] == us)
                        nifu = true;
                }
                if (nifu)
                    continue;
            }
            RefMove m = { -1, sq, t, false };
            n = add_if_legal(pos, &m, out, n);
        }
    }
    return n;
}

void ref_move_text(const RefMove *m, GString *out)
{
    if (m->from < 0) {
        g_string_append_printf(out, "%c*%c%c", letters[m->drop_type], 'a' + m->to % 8, '1' + m->to / 8);
        return;
    }
    g_string_append_printf(out, "%c%c%c%c%s", 'a' + m->from % 8, '1' + m->from / 8,
                           'a' + m->to % 8, '1' + m->to / 8, m->promotes ? "+" : "");
}

static int letter_type(char c)
{
    const char *p = strchr(letters + 1, g_ascii_toupper(c));
    return c != '\0' && p != NULL ? (int)(p - letters) : 0;
}

bool ref_parse(RefPosition *pos, const char *text)
{
    memset(pos, 0, sizeof *pos);
    char **parts = g_strsplit(text, " ", -1);
    bool ok = g_strv_length(parts) >= 3;
    int rank = 7, file = 0;
    for (const char *p = ok ? parts[0] : ""; ok && *p; p++) {
        if (*p == '/') {
            rank--;
            file = 0;
        } else if (*p >= '1' && *p <= '8') {
            file += *p - '0';
        } else {
            int promoted = 0;
            if (*p == '+') {
                promoted = PROMOTED;
                p++;
            }
            int t = letter_type(*p);
            ok = t != 0 && rank >= 0 && file < 8;
            if (ok) {
                pos->type[file + rank * 8] = t + promoted;
                pos->colour[file + rank * 8] = g_ascii_isupper(*p) ? 0 : 1;
                file++;
            }
        }
    }
    if (ok)
        pos->side = strcmp(parts[1], "w") == 0;
    if (ok && strcmp(parts[2], "-") != 0) {
        int count = 0;
        for (const char *p = parts[2]; *p; p++) {
            if (g_ascii_isdigit(*p)) {
                count = count * 10 + (*p - '0');
                continue;
            }
            int t = letter_type(*p);
            ok = ok && t != 0;
            if (ok)
                pos->hand[g_ascii_isupper(*p) ? 0 : 1][t] += count ? count : 1;
            count = 0;
        }
    }
    g_strfreev(parts);
    return ok;
}

uint64_t ref_perft(const RefPosition *pos, int depth)
{
    if (depth == 0)
        return 1;
    RefMove *moves = g_new(RefMove, 2000);
    int n = ref_legal_moves(pos, moves);
    uint64_t total = 0;
    if (depth == 1) {
        total = (uint64_t)n;
    } else {
        for (int i = 0; i < n; i++) {
            RefPosition child = *pos;
            ref_play(&child, &moves[i]);
            total += ref_perft(&child, depth - 1);
        }
    }
    g_free(moves);
    return total;
}

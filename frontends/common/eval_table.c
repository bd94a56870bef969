/* eval_table.c: see eval_table.h. */
#include "frontends/common/eval_table.h"

#include <stdbool.h>

/* `value` hundredths as "-1.05" (with a sign when `sign`), right-aligned. */
static void append_pawns(GString *out, int value, bool sign)
{
    g_string_append_printf(out, sign ? "%+10.2f" : "%10.2f", value / 100.0);
}

void dojo_format_eval_table(const DjVariant *variant, const void *pos, GString *out)
{
    int us = variant->side_to_move(pos);
    const char *mover = variant->side_names[us], *other = variant->side_names[1 - us];
    g_string_append_printf(out, "static evaluation, %s to move, in pawns:\n", mover);
    if (variant->eval_terms != NULL) {
        DjEvalTerm terms[DJ_EVAL_MAX_TERMS];
        int n = variant->eval_terms(pos, terms);
        g_autofree char *for_mover = g_strdup_printf("for %s", mover);
        g_string_append_printf(out, "%-22s%10s%10s%12s\n", "part", mover, other, for_mover);
        for (int i = 0; i < n; i++) {
            g_string_append_printf(out, "%-22s", terms[i].name);
            append_pawns(out, terms[i].mine, false);
            append_pawns(out, terms[i].theirs, false);
            g_string_append(out, "  ");
            append_pawns(out, terms[i].mine - terms[i].theirs, true);
            g_string_append_c(out, '\n');
        }
    }
    g_string_append_printf(out, "%-44s", "total");
    append_pawns(out, variant->evaluate(pos), true);
    g_string_append_c(out, '\n');
}

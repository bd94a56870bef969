/* net.c: the learnt evaluation's network, its output and its file. */
#include "framework/net.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "framework/error.h"
#include "framework/text_file.h"

#define NET_MAGIC "dojo-net"
#define NET_VERSION 1
/* A file of the largest network the bounds allow is far below this. */
#define NET_FILE_MAX_BYTES ((gsize)1 << 30)

/* A network of that size, its weights 0. */
static DjNet *net_alloc(const char *variant, int n_inputs, int n_hidden)
{
    DjNet *net = g_new0(DjNet, 1);
    net->variant = g_strdup(variant);
    net->n_inputs = n_inputs;
    net->n_hidden = n_hidden;
    net->w1 = g_new0(float, (size_t)n_inputs * (size_t)n_hidden);
    net->b1 = g_new0(float, (size_t)n_hidden);
    net->w2 = g_new0(float, (size_t)n_hidden);
    net->padded = (n_hidden + 15) / 16 * 16;
    net->w1_steps = g_new0(int16_t, (size_t)n_inputs * (size_t)net->padded);
    net->b1_steps = g_new0(int16_t, (size_t)net->padded);
    net->w2_steps = g_new0(int16_t, (size_t)net->padded);
    return net;
}

DjNet *dj_net_new(const char *variant, int n_inputs, int n_hidden, uint32_t seed)
{
    g_return_val_if_fail(n_inputs >= 1 && n_inputs <= DJ_NET_MAX_INPUTS, NULL);
    g_return_val_if_fail(n_hidden >= 1 && n_hidden <= DJ_NET_MAX_HIDDEN, NULL);
    DjNet *net = net_alloc(variant, n_inputs, n_hidden);
    g_autoptr(GRand) rand = g_rand_new_with_seed(seed);
    /* A position has some tens of features: rows this small keep the
     * hidden units inside (0, 1), where they learn, from the start. */
    for (size_t i = 0; i < (size_t)n_inputs * (size_t)n_hidden; i++)
        net->w1[i] = (float)g_rand_double_range(rand, -0.05, 0.05);
    for (int j = 0; j < n_hidden; j++) {
        net->b1[j] = 0.5f;
        net->w2[j] = (float)g_rand_double_range(rand, -0.01, 0.01);
    }
    net->b2 = 0.0f;
    dj_net_prepare(net);
    return net;
}

static int16_t to_steps(float w, float quantum)
{
    float steps = w * quantum;
    return (int16_t)(steps > 32767.0f ? 32767 : steps < -32767.0f ? -32767 : lrintf(steps));
}

/* Whether some hidden unit's sum could leave the int16 range: its bias and
 * its DJ_NET_MAX_ACTIVE largest weights (in size) added up, from a count of
 * the weights by size (steps are at most 32 x DJ_NET_QUANTUM). */
static bool sums_may_overflow(const DjNet *net)
{
    const int max_step = (int)(DJ_NET_MAX_WEIGHT * DJ_NET_QUANTUM);
    g_autofree int *count = g_new(int, (size_t)max_step + 1);
    const size_t padded = (size_t)net->padded;
    for (size_t j = 0; j < (size_t)net->n_hidden; j++) {
        memset(count, 0, sizeof *count * ((size_t)max_step + 1));
        for (size_t f = 0; f < (size_t)net->n_inputs; f++)
            count[MIN(abs(net->w1_steps[f * padded + j]), max_step)]++;
        int64_t bound = abs(net->b1_steps[j]);
        int taken = 0;
        for (int size = max_step; size > 0 && taken < DJ_NET_MAX_ACTIVE; size--) {
            int take = MIN(count[size], DJ_NET_MAX_ACTIVE - taken);
            bound += (int64_t)take * size;
            taken += take;
        }
        if (bound > INT16_MAX)
            return true;
    }
    return false;
}

void dj_net_prepare(DjNet *net)
{
    const size_t h = (size_t)net->n_hidden, padded = (size_t)net->padded;
    for (size_t f = 0; f < (size_t)net->n_inputs; f++)
        for (size_t j = 0; j < h; j++)
            net->w1_steps[f * padded + j] = to_steps(net->w1[f * h + j], DJ_NET_QUANTUM);
    for (size_t j = 0; j < h; j++) {
        net->b1_steps[j] = to_steps(net->b1[j], DJ_NET_QUANTUM);
        net->w2_steps[j] = to_steps(net->w2[j], DJ_NET_W2_QUANTUM);
    }
    net->wide_sums = sums_may_overflow(net);
    /* A new number for each new set of weights, so that sums a game kept
     * for the old ones are known to be stale. */
    static gint last_id = 0;
    net->id = (uint32_t)g_atomic_int_add(&last_id, 1) + 1;
}

void dj_net_free(DjNet *net)
{
    if (net == NULL)
        return;
    g_free(net->variant);
    g_free(net->w1);
    g_free(net->b1);
    g_free(net->w2);
    g_free(net->w1_steps);
    g_free(net->b1_steps);
    g_free(net->w2_steps);
    g_free(net);
}

float dj_net_forward(const DjNet *net, const uint16_t *features, int n, float *hidden)
{
    const int h = net->n_hidden;
    for (int j = 0; j < h; j++)
        hidden[j] = net->b1[j];
    for (int k = 0; k < n; k++) {
        const float *row = net->w1 + (size_t)features[k] * (size_t)h;
        for (int j = 0; j < h; j++)
            hidden[j] += row[j];
    }
    float y = net->b2;
    for (int j = 0; j < h; j++) {
        float v = hidden[j] < 0.0f ? 0.0f : hidden[j] > 1.0f ? 1.0f : hidden[j];
        hidden[j] = v;
        y += net->w2[j] * v;
    }
    return y;
}

/* 8 hidden units' sums as one value: GCC's and Clang's vector extension,
 * so that a row is added in one instruction a half block, which the
 * compiler does not find by itself here (it unrolls the loop over the
 * features and then adds unit by unit). */
typedef int16_t NetLanes __attribute__((vector_size(16)));

/* The clamped values of `lanes` x 8 hidden units' sums dotted with the
 * second layer. */
static inline int32_t clamped_dot(const DjNet *net, const NetLanes *sum, int lanes)
{
    const NetLanes zero = { 0 };
    const NetLanes one = zero + DJ_NET_QUANTUM;
    int32_t y = 0;
    for (int l = 0; l < lanes; l++) {
        /* Clamped to 0..1 with masks (a comparison gives -1 where it holds). */
        NetLanes v = sum[l] & (NetLanes)(sum[l] > zero);
        NetLanes over = (NetLanes)(v > one);
        v = (v & ~over) | (one & over);
        int16_t units[8];
        memcpy(units, &v, sizeof units);
        const int16_t *w2 = net->w2_steps + 8 * l;
        for (int j = 0; j < 8; j++)
            y += (int32_t)w2[j] * units[j];
    }
    return y;
}

/* Add (sign 1) or take away (sign -1) the rows of `n` features to the sums
 * of `lanes` x 8 units. */
static inline void add_rows(const DjNet *net, NetLanes *sum, const uint16_t *features, int n,
                            int sign, int lanes)
{
    const size_t stride = (size_t)lanes * 8;
    for (int k = 0; k < n; k++) {
        const int16_t *row = net->w1_steps + (size_t)features[k] * stride;
        for (int l = 0; l < lanes; l++) {
            NetLanes add;
            memcpy(&add, row + 8 * l, sizeof add);
            if (sign > 0)
                sum[l] += add;
            else
                sum[l] -= add;
        }
    }
}

/* The hidden layer's sums of `lanes` x 8 units (a constant where it is
 * called, so that the sums stay in registers through the features), then
 * clamped_dot.  In 16 bits: only for a network whose sums cannot leave that
 * range (!wide_sums). */
static inline int32_t hidden_dot(const DjNet *net, const uint16_t *features, int n, int lanes)
{
    NetLanes sum[DJ_NET_MAX_HIDDEN / 8];
    memcpy(sum, net->b1_steps, sizeof *sum * (size_t)lanes);
    add_rows(net, sum, features, n, 1, lanes);
    return clamped_dot(net, sum, lanes);
}

/* hidden_dot in 32 bits, unit by unit: for networks with large weights. */
static int32_t hidden_dot_wide(const DjNet *net, const uint16_t *features, int n)
{
    int32_t y = 0;
    for (int j = 0; j < net->n_hidden; j++) {
        int32_t sum = net->b1_steps[j];
        for (int k = 0; k < n; k++)
            sum += net->w1_steps[(size_t)features[k] * (size_t)net->padded + (size_t)j];
        y += (int32_t)net->w2_steps[j] * CLAMP(sum, 0, DJ_NET_QUANTUM);
    }
    return y;
}

/* The output in centipawns of the second layer's sum `y`. */
static int output_cp(const DjNet *net, int32_t y)
{
    float cp = (net->b2 + (float)y / ((float)DJ_NET_QUANTUM * DJ_NET_W2_QUANTUM))
             * DJ_NET_OUTPUT_UNIT;
    /* A network gone wild must not reach the scores of won games. */
    if (!(cp > -10000.0f))
        cp = -10000.0f;
    if (cp > 10000.0f)
        cp = 10000.0f;
    return (int)lrintf(cp);
}

int dj_net_output(const DjNet *net, const uint16_t *features, int n)
{
    /* The usual widths spelt out, each its own unrolled loop. */
    int32_t y = net->wide_sums ? hidden_dot_wide(net, features, n)
              : net->padded == 32 ? hidden_dot(net, features, n, 4)
              : net->padded == 16 ? hidden_dot(net, features, n, 2)
              : net->padded == 64 ? hidden_dot(net, features, n, 8)
                                  : hidden_dot(net, features, n, net->padded / 8);
    return output_cp(net, y);
}

bool dj_net_can_keep_sums(const DjNet *net, int units)
{
    return !net->wide_sums && net->padded <= units;
}

/* dj_net_sums_update for `lanes` x 8 units. */
static inline void update_sums(const DjNet *net, int16_t *sums, const uint16_t *removed,
                               int n_removed, const uint16_t *added, int n_added, int lanes)
{
    NetLanes sum[DJ_NET_MAX_HIDDEN / 8];
    memcpy(sum, sums, sizeof *sum * (size_t)lanes);
    add_rows(net, sum, removed, n_removed, -1, lanes);
    add_rows(net, sum, added, n_added, 1, lanes);
    memcpy(sums, sum, sizeof *sum * (size_t)lanes);
}

void dj_net_sums_update(const DjNet *net, int16_t *sums, const uint16_t *removed, int n_removed,
                        const uint16_t *added, int n_added)
{
    if (net->padded == 32)
        update_sums(net, sums, removed, n_removed, added, n_added, 4);
    else if (net->padded == 64)
        update_sums(net, sums, removed, n_removed, added, n_added, 8);
    else
        update_sums(net, sums, removed, n_removed, added, n_added, net->padded / 8);
}

void dj_net_sums(const DjNet *net, const uint16_t *features, int n, int16_t *sums)
{
    memcpy(sums, net->b1_steps, sizeof *sums * (size_t)net->padded);
    dj_net_sums_update(net, sums, NULL, 0, features, n);
}

int dj_net_output_from_sums(const DjNet *net, const int16_t *sums)
{
    const int lanes = net->padded / 8;
    NetLanes sum[DJ_NET_MAX_HIDDEN / 8];
    memcpy(sum, sums, sizeof *sum * (size_t)lanes);
    return output_cp(net, net->padded == 32 ? clamped_dot(net, sum, 4)
                          : net->padded == 64 ? clamped_dot(net, sum, 8)
                                              : clamped_dot(net, sum, lanes));
}

static void append_floats(GString *out, const float *values, size_t n, size_t per_line)
{
    char buffer[G_ASCII_DTOSTR_BUF_SIZE];
    for (size_t i = 0; i < n; i++) {
        /* Nine digits: every float reads back as itself. */
        g_ascii_formatd(buffer, sizeof buffer, "%.9g", (double)values[i]);
        g_string_append(out, buffer);
        g_string_append_c(out, (i + 1) % per_line == 0 || i + 1 == n ? '\n' : ' ');
    }
}

void dj_net_format(const DjNet *net, const char *comment, GString *out)
{
    g_string_append_printf(out, "%s %d %s %d %d\n", NET_MAGIC, NET_VERSION, net->variant,
                           net->n_inputs, net->n_hidden);
    if (comment != NULL) {
        g_auto(GStrv) lines = g_strsplit(comment, "\n", -1);
        for (int i = 0; lines[i] != NULL; i++)
            if (lines[i][0] != '\0' || lines[i + 1] != NULL)
                g_string_append_printf(out, "# %s\n", lines[i]);
    }
    append_floats(out, &net->b2, 1, 1);
    append_floats(out, net->b1, (size_t)net->n_hidden, (size_t)net->n_hidden);
    append_floats(out, net->w2, (size_t)net->n_hidden, (size_t)net->n_hidden);
    append_floats(out, net->w1, (size_t)net->n_inputs * (size_t)net->n_hidden,
                  (size_t)net->n_hidden);
}

bool dj_net_save(const DjNet *net, const char *comment, const char *path, GError **error)
{
    g_autoptr(GString) text = g_string_new(NULL);
    dj_net_format(net, comment, text);
    return dj_text_file_write_atomically(path, text->str, text->len, error);
}

/* A reader of whitespace-separated words that knows its line. */
typedef struct Reader {
    const char *p;
    int line;
} Reader;

static void skip_space(Reader *r)
{
    for (;;) {
        while (*r->p == ' ' || *r->p == '\t' || *r->p == '\r' || *r->p == '\n') {
            if (*r->p == '\n')
                r->line++;
            r->p++;
        }
        if (*r->p != '#')
            return;
        while (*r->p != '\0' && *r->p != '\n')
            r->p++;
    }
}

static bool read_float(Reader *r, double bound, float *out, GError **error)
{
    skip_space(r);
    if (*r->p == '\0')
        return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                            "line %d: the file ends before the last weight", r->line);
    const char *start = r->p;
    size_t length = strcspn(start, " \t\r\n");
    g_autofree char *word = g_strndup(start, MIN(length, 64));
    char *end = NULL;
    double value = g_ascii_strtod(word, &end);
    if (end == word || *end != '\0' || length > 64 || !isfinite(value))
        return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                            "line %d: '%s' is not a weight (a finite number)", r->line, word);
    if (fabs(value) > bound)
        return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                            "line %d: the weight %s is out of range (at most %g either way)",
                            r->line, word, bound);
    r->p = start + length;
    *out = (float)value;
    return true;
}

DjNet *dj_net_parse(const char *text, GError **error)
{
    Reader r = { text, 1 };
    size_t first_length = strcspn(text, "\n");
    g_autofree char *first = g_strndup(text, first_length);
    g_auto(GStrv) all_words = g_strsplit_set(first, " \t\r", -1);
    const char *words[5] = { "" };
    int n_words = 0;
    for (int i = 0; all_words[i] != NULL; i++)
        if (all_words[i][0] != '\0' && n_words++ < 5)
            words[n_words - 1] = all_words[i];
    const char *magic = words[0];
    if (n_words != 5 || strcmp(magic, NET_MAGIC) != 0) {
        dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                     "line 1: it is not an evaluation network (a file written by "
                     "'dojo train' starts with '%s %d GAME INPUTS HIDDEN')", NET_MAGIC,
                     NET_VERSION);
        return NULL;
    }
    char *end = NULL;
    gint64 version = g_ascii_strtoll(words[1], &end, 10);
    if (*end != '\0' || version != NET_VERSION) {
        dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                     "line 1: version '%s' of the network file is not one this dojo reads (%d)",
                     words[1], NET_VERSION);
        return NULL;
    }
    gint64 inputs = g_ascii_strtoll(words[3], &end, 10);
    bool inputs_ok = *end == '\0' && inputs >= 1 && inputs <= DJ_NET_MAX_INPUTS;
    gint64 hidden = g_ascii_strtoll(words[4], &end, 10);
    bool hidden_ok = *end == '\0' && hidden >= 1 && hidden <= DJ_NET_MAX_HIDDEN;
    if (!inputs_ok || !hidden_ok) {
        dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                     "line 1: a network has 1 to %d inputs and 1 to %d hidden units, "
                     "not '%s' and '%s'", DJ_NET_MAX_INPUTS, DJ_NET_MAX_HIDDEN, words[3],
                     words[4]);
        return NULL;
    }
    /* Each number but the last takes two characters at least: a large
     * network declared by a text too short to hold it is refused before
     * that much memory is taken (a small one is read number by number, so
     * that the error names the line where it breaks). */
    size_t numbers = 1 + 2 * (size_t)hidden + (size_t)inputs * (size_t)hidden;
    if (numbers > 65536 && strlen(text + first_length) < 2 * numbers - 1) {
        dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                     "the file is too short for a network of %s inputs and %s hidden units "
                     "(%zu numbers)", words[3], words[4], numbers);
        return NULL;
    }
    g_autoptr(DjNet) net = net_alloc(words[2], (int)inputs, (int)hidden);
    r.p = text + first_length;
    if (!read_float(&r, DJ_NET_MAX_WEIGHT, &net->b2, error))
        return NULL;
    for (int j = 0; j < net->n_hidden; j++)
        if (!read_float(&r, DJ_NET_MAX_WEIGHT, &net->b1[j], error))
            return NULL;
    for (int j = 0; j < net->n_hidden; j++)
        if (!read_float(&r, DJ_NET_MAX_WEIGHT, &net->w2[j], error))
            return NULL;
    for (size_t i = 0; i < (size_t)net->n_inputs * (size_t)net->n_hidden; i++)
        if (!read_float(&r, DJ_NET_MAX_WEIGHT, &net->w1[i], error))
            return NULL;
    skip_space(&r);
    if (*r.p != '\0') {
        dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                     "line %d: more numbers than a network of %d inputs and %d hidden units "
                     "has", r.line, net->n_inputs, net->n_hidden);
        return NULL;
    }
    dj_net_prepare(net);
    return g_steal_pointer(&net);
}

DjNet *dj_net_load(const char *path, GError **error)
{
    g_autofree char *text = NULL;
    gsize length = 0;
    if (!dj_text_file_read_text(path, NET_FILE_MAX_BYTES, "an evaluation network", &text,
                                &length, error))
        return NULL;
    DjNet *net = dj_net_parse(text, error);
    if (net == NULL)
        g_prefix_error(error, "%s: ", path);
    return net;
}

bool dj_net_check(const DjVariant *variant, const DjNet *net, GError **error)
{
    if (variant->net == NULL || variant->net_features == NULL || variant->net_inputs <= 0)
        return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                            "%s has no learnt evaluation to load a network into",
                            variant->name);
    if (net != NULL && strcmp(net->variant, variant->name) != 0)
        return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                            "the network was trained for %s, not %s", net->variant,
                            variant->name);
    if (net != NULL && net->n_inputs != variant->net_inputs)
        return dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                            "the network reads %d features, but %s has %d", net->n_inputs,
                            variant->name, variant->net_inputs);
    return true;
}

bool dj_net_install(const DjVariant *variant, const DjNet *net, GError **error)
{
    if (!dj_net_check(variant, net, error))
        return false;
    *variant->net = net;
    return true;
}

const DjNet *dj_net_builtin(const DjVariant *variant, GError **error)
{
    if (variant->net_builtin == NULL)
        return NULL;
    /* Each game's, read once: the file is some megabytes of text. */
    static GMutex lock;
    static GHashTable *read;   /* DjVariant * -> DjNet *, never freed */
    g_mutex_lock(&lock);
    if (read == NULL)
        read = g_hash_table_new(g_direct_hash, g_direct_equal);
    DjNet *net = g_hash_table_lookup(read, variant);
    if (net == NULL) {
        g_autofree char *text = g_strjoinv("", (char **)variant->net_builtin);
        GError *parse_error = NULL;
        net = dj_net_parse(text, &parse_error);
        if (net == NULL) {
            g_propagate_prefixed_error(error, parse_error, "%s's built-in network: ",
                                       variant->title);
        } else if (strcmp(net->variant, variant->name) != 0
                   || net->n_inputs != variant->net_inputs) {
            dj_error_set(error, DJ_ERROR, DJ_ERROR_INVALID,
                         "%s's built-in network is for %s with %d features, not %s with %d",
                         variant->title, net->variant, net->n_inputs, variant->name,
                         variant->net_inputs);
            dj_net_free(net);
            net = NULL;
        } else {
            g_hash_table_insert(read, (gpointer)variant, net);
        }
    }
    g_mutex_unlock(&lock);
    return net;
}

// CHyphen's pattern loader: builds libhyphen's HyphenDict (its public struct, hyphen.h) from a
// dictionary's text in memory, state for state what hnj_hyphen_load_file builds, but as a trie
// with Aho–Corasick fallbacks instead of through libhyphen's hash table of strings, which has a
// fixed 31,627 chains: Debian's German dictionary (78,000 patterns, 280,000 states) takes
// libhyphen 8.5 s to load.
//
// With `close`, each of the file's levels is then closed under substrings, as libhyphen's README
// asks of every file (substrings.pl) and Debian's German and Russian files lack: libhyphen's
// matcher applies only the values of the state it is in.
//
// The result is owned as libhyphen's is: every block comes from malloc, so hnj_hyphen_free frees
// it, and hnj_hyphen_hyphenate3 reads it. States are numbered in the order libhyphen numbers
// them (a pattern's state first, then each new shorter prefix's), transitions are added in its
// order, and each fallback state is the longest proper suffix that is a state, so the two
// machines are the same (the tests compare them field by field).
#ifndef GALLEY_PATTERN_LOADER_H
#define GALLEY_PATTERN_LOADER_H

#include <hyphen.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/// What building one level needs besides the dictionary: each state's parent and the byte that
/// leads to it from there (for the fallbacks). A state's string is a prefix of a pattern, and
/// every prefix of it is a state too, so the states and their transitions are a trie of the
/// patterns: a string's state is found by following transitions from the root, with no table of
/// strings (libhyphen's fixed hash table is what makes its loader slow).
typedef struct {
    int *parent;
    char *byte;
    /// For the closure: each state's own standard pattern, its values as digits before each byte
    /// and after the last ("0100" for "ab1c"), or NULL.
    char **standard;
    /// Whether each state's string is a prefix of a standard pattern: the closed text has a line
    /// only for those (a line kept aside, such as "#a5b", keeps its own values).
    char *onStandard;
    size_t capacity;
} galley_hyphen_builder;

/// The state `from` goes to through `ch`, or -1.
static inline int galley_hyphen_child(const HyphenDict *dict, int from, char ch) {
    const HyphenState *s = &dict->states[from];
    for (int i = 0; i < s->num_trans; i++)
        if (s->trans[i].ch == ch) return s->trans[i].new_state;
    return -1;
}

/// A new state (no match, no transitions, no fallback yet) reached from `parent` through `ch`,
/// numbered as libhyphen's hnj_get_state numbers it (the next number); -1 when memory runs out.
static inline int galley_hyphen_new_state(HyphenDict *dict, galley_hyphen_builder *b, int parent, char ch) {
    // libhyphen doubles the state array when the count reaches a power of two.
    int n = dict->num_states;
    if (!(n & (n - 1))) {
        HyphenState *states = (HyphenState *)realloc(dict->states, (size_t)(n << 1) * sizeof(HyphenState));
        if (!states) return -1;
        dict->states = states;
    }
    if ((size_t)n >= b->capacity) {
        size_t capacity = b->capacity ? b->capacity * 2 : 1024;
        int *parents = (int *)realloc(b->parent, capacity * sizeof(int));
        if (parents) b->parent = parents;
        char *bytes = (char *)realloc(b->byte, capacity);
        if (bytes) b->byte = bytes;
        char **standard = (char **)realloc(b->standard, capacity * sizeof(char *));
        if (standard) b->standard = standard;
        char *onStandard = (char *)realloc(b->onStandard, capacity);
        if (onStandard) b->onStandard = onStandard;
        if (!parents || !bytes || !standard || !onStandard) return -1;
        b->capacity = capacity;
    }
    b->standard[n] = NULL;
    b->onStandard[n] = 0;
    HyphenState *s = &dict->states[n];
    s->match = NULL;
    s->repl = NULL;
    s->replindex = 0;
    s->replcut = 0;
    s->fallback_state = -1;
    s->num_trans = 0;
    s->trans = NULL;
    b->parent[n] = parent;
    b->byte[n] = ch;
    return dict->num_states++;
}

/// libhyphen's hnj_add_trans.
static inline int galley_hyphen_add_trans(HyphenDict *dict, int from, int to, char ch) {
    HyphenState *s = &dict->states[from];
    int n = s->num_trans;
    if (n == 0 || !(n & (n - 1))) {
        HyphenTrans *trans = (HyphenTrans *)realloc(s->trans, (size_t)(n == 0 ? 1 : n << 1) * sizeof(HyphenTrans));
        if (!trans) return 0;
        s->trans = trans;
    }
    s->trans[n].ch = ch;
    s->trans[n].new_state = to;
    s->num_trans++;
    return 1;
}

/// libhyphen's hnj_strchomp.
static inline void galley_hyphen_chomp(char *s) {
    size_t k = strlen(s);
    if (k > 0 && (s[k - 1] == '\r' || s[k - 1] == '\n')) s[k - 1] = '\0';
    if (k > 1 && s[k - 2] == '\r') s[k - 2] = '\0';
}

/// libhyphen 2.8's hnj_hyphen_load_line: one line (keyword or pattern) into `dict`; 0 when memory
/// runs out. `buf` is modified, as libhyphen modifies it.
static inline int galley_hyphen_load_line(char *buf, HyphenDict *dict, galley_hyphen_builder *b) {
    if (strncmp(buf, "LEFTHYPHENMIN", 13) == 0) { dict->lhmin = (char)atoi(buf + 13); return 1; }
    if (strncmp(buf, "RIGHTHYPHENMIN", 14) == 0) { dict->rhmin = (char)atoi(buf + 14); return 1; }
    if (strncmp(buf, "COMPOUNDLEFTHYPHENMIN", 21) == 0) { dict->clhmin = (char)atoi(buf + 21); return 1; }
    if (strncmp(buf, "COMPOUNDRIGHTHYPHENMIN", 22) == 0) { dict->crhmin = (char)atoi(buf + 22); return 1; }
    if (strncmp(buf, "NOHYPHEN", 8) == 0) {
        char *space = buf + 8;
        while (*space != '\0' && (*space == ' ' || *space == '\t')) space++;
        free(dict->nohyphen);
        dict->nohyphen = NULL;
        dict->nohyphenl = 0;
        if (*space != '\0') {
            dict->nohyphen = strdup(space);
            if (!dict->nohyphen) return 0;
            char *end = dict->nohyphen + strlen(dict->nohyphen) - 1;
            *end = 0;
            for (end = end - 1; end > dict->nohyphen; end--) {
                if (*end == ',') {
                    dict->nohyphenl++;
                    *end = 0;
                }
            }
        }
        return 1;
    }
    char word[MAX_CHARS];
    char pattern[MAX_CHARS];
    int j = 0;
    pattern[j] = '0';
    char *repl = strchr(buf, '/');
    signed char replindex = 0;
    signed char replcut = 0;
    if (repl) {
        char *index = strchr(repl + 1, ',');
        *repl = '\0';
        if (index) {
            char *index2 = strchr(index + 1, ',');
            *index = '\0';
            if (index2) {
                *index2 = '\0';
                replindex = (signed char)(atoi(index + 1) - 1);
                replcut = (signed char)atoi(index2 + 1);
            }
        } else {
            galley_hyphen_chomp(repl + 1);
            replindex = 0;
            replcut = (signed char)strlen(buf);
        }
        repl = strdup(repl + 1);
        if (!repl) return 0;
    }
    for (int i = 0; (unsigned char)buf[i] > (unsigned char)' ' && j < MAX_CHARS - 2; i++) {
        if (buf[i] >= '0' && buf[i] <= '9') {
            pattern[j] = buf[i];
        } else {
            word[j] = buf[i];
            pattern[++j] = '0';
        }
    }
    word[j] = '\0';
    pattern[j + 1] = '\0';
    int i = 0;
    if (!repl) {
        for (; pattern[i] == '0'; i++) {}  // leading zeroes optimised away
    } else {
        if (*word == '.') i++;
        // UTF-8 character positions of a replacement converted to byte positions.
        if (dict->utf8) {
            int pu = -1;
            int ps = -1;
            size_t pc = (*word == '.') ? 1 : 0;
            for (; pc < strlen(word) + 1; pc++) {
                if ((((unsigned char)word[pc]) >> 6) != 2) pu++;
                if (ps < 0 && replindex == pu) {
                    ps = replindex;
                    replindex = (signed char)pc;
                }
                if (ps >= 0 && (pu - ps) == replcut) {
                    replcut = (signed char)(pc - replindex);
                    break;
                }
            }
            if (*word == '.') replindex--;
        }
    }
    // The deepest state on the way to `word`: its prefix of `depth` bytes is already a state.
    int depth = 0;
    int known = 0;
    for (int next; depth < j && (next = galley_hyphen_child(dict, known, word[depth])) >= 0; depth++) known = next;
    int state = known;
    if (depth < j) {
        // As libhyphen: the word's state first, then each shorter prefix's down to the known one,
        // then the transitions from each prefix to the next longer, longest first.
        int first = dict->num_states;
        for (int k = j; k > depth; k--) {
            if (galley_hyphen_new_state(dict, b, -1, 0) < 0) {
                free(repl);
                return 0;
            }
        }
        // State first + (j − k) is the prefix of k bytes.
        for (int k = j; k > depth; k--) {
            int to = first + (j - k);
            int from = k - 1 == depth ? known : to + 1;
            b->parent[to] = from;
            b->byte[to] = word[k - 1];
            if (!galley_hyphen_add_trans(dict, from, to, word[k - 1])) {
                free(repl);
                return 0;
            }
        }
        state = first;
    }
    // What the closure merges (substrings.pl's standard patterns): not a
    // replacement, nor a line it keeps aside (starting with '#' or a capital), nor one without letters.
    // A later standard line for the same letters replaces an earlier one; a replacement line
    // leaves it, since the closed text lists the closed standard patterns after the others.
    int kept = !repl && buf[0] != '#' && !(buf[0] >= 'A' && buf[0] <= 'Z');
    if (kept && state > 0 && state < (int)b->capacity) {
        free(b->standard[state]);
        b->standard[state] = strdup(pattern);
        if (!b->standard[state]) return 0;
        for (int u = state; u > 0 && !b->onStandard[u]; u = b->parent[u]) b->onStandard[u] = 1;
    }
    HyphenState *s = &dict->states[state];
    free(s->match);
    free(s->repl);
    s->match = strdup(pattern + i);
    s->repl = repl;
    s->replindex = replindex;
    s->replcut = replcut ? replcut : (signed char)strlen(word);
    return s->match != NULL;
}

/// The next line of `*data` as fgets(buf, n) reads a file: up to n − 1 bytes, through the first
/// newline; NULL at the end.
static inline char *galley_hyphen_next_line(char *buf, int n, const char **data, size_t *left) {
    if (*left == 0) return NULL;
    size_t i = 0;
    while (i < *left && i < (size_t)(n - 1)) {
        if ((*data)[i++] == '\n') break;
    }
    memcpy(buf, *data, i);
    buf[i] = '\0';
    *data += i;
    *left -= i;
    return buf;
}

static inline HyphenDict *galley_hyphen_new_level(void) {
    HyphenDict *d = (HyphenDict *)calloc(1, sizeof(HyphenDict));
    if (!d) return NULL;
    d->states = (HyphenState *)calloc(1, sizeof(HyphenState));
    if (!d->states) {
        free(d);
        return NULL;
    }
    d->num_states = 1;
    d->states[0].fallback_state = -1;
    return d;
}

/// Each state's fallback: the state of the longest proper suffix of its string that is one,
/// found as Aho–Corasick's failure links are, in order of depth (the fallback of a state one
/// byte below its parent is reached from the parent's fallback). 0 when memory runs out.
static inline int galley_hyphen_fallbacks(HyphenDict *dict, const galley_hyphen_builder *b) {
    int n = dict->num_states;
    int *queue = (int *)malloc((size_t)n * sizeof(int));
    if (!queue) return 0;
    int head = 0, tail = 0;
    queue[tail++] = 0;
    while (head < tail) {
        int u = queue[head++];
        const HyphenState *s = &dict->states[u];
        for (int t = 0; t < s->num_trans; t++) queue[tail++] = s->trans[t].new_state;
        if (u == 0) continue;
        int parent = b->parent[u];
        char ch = b->byte[u];
        int fallback = 0;
        for (int f = parent == 0 ? -1 : dict->states[parent].fallback_state; f >= 0; f = dict->states[f].fallback_state) {
            int next = galley_hyphen_child(dict, f, ch);
            if (next >= 0) {
                fallback = next;
                break;
            }
        }
        dict->states[u].fallback_state = fallback;
    }
    free(queue);
    return 1;
}

/// libhyphen's substring preprocessing (its substrings.pl; the tests' HyphenationPatternClosure)
/// done on the built machine: each state that is a prefix of a standard pattern and has a
/// standard pattern as a suffix of its string gets
/// as its match the largest value at each position over every standard pattern inside its
/// string, which libhyphen's matcher, applying only the state it is in, needs. The patterns
/// inside a state's string are those inside its parent's and those ending at its end; the latter
/// are its own and, along the fallback, its longest proper suffix state's. States are visited by
/// depth, so both are known first. 0 when memory runs out.
static inline int galley_hyphen_close(HyphenDict *dict, const galley_hyphen_builder *b) {
    int n = dict->num_states;
    int *order = (int *)malloc((size_t)n * sizeof(int));
    int *depth = (int *)calloc((size_t)n, sizeof(int));
    size_t *at = (size_t *)malloc((size_t)n * sizeof(size_t));
    char *suffixed = (char *)calloc((size_t)n, 1);
    if (!order || !depth || !at || !suffixed) {
        free(order), free(depth), free(at), free(suffixed);
        return 0;
    }
    int head = 0, tail = 0;
    order[tail++] = 0;
    size_t total = 1;
    while (head < tail) {
        int u = order[head++];
        const HyphenState *s = &dict->states[u];
        for (int t = 0; t < s->num_trans; t++) {
            int v = s->trans[t].new_state;
            depth[v] = depth[u] + 1;
            order[tail++] = v;
        }
        at[u] = total;
        total += (size_t)depth[u] + 1;
    }
    at[0] = 0;
    // Each state's values twice: merged over the patterns inside it, and over those ending at its end.
    unsigned char *inside = (unsigned char *)calloc(total, 1);
    unsigned char *ending = (unsigned char *)calloc(total, 1);
    int ok = inside && ending;
    for (int k = 1; ok && k < n; k++) {
        int u = order[k];
        int d = depth[u];
        unsigned char *end = ending + at[u];
        const char *own = b->standard[u];
        if (own) {
            for (int i = 0; i <= d && own[i]; i++) end[i] = (unsigned char)(own[i] - '0');
            suffixed[u] = 1;
        }
        int f = dict->states[u].fallback_state;
        if (f > 0 && suffixed[f]) {
            int df = depth[f];
            const unsigned char *shorter = ending + at[f];
            for (int i = 0; i <= df; i++)
                if (shorter[i] > end[d - df + i]) end[d - df + i] = shorter[i];
            suffixed[u] = 1;
        }
        unsigned char *in = inside + at[u];
        const unsigned char *parent = inside + at[b->parent[u]];
        for (int i = 0; i < d; i++) in[i] = parent[i];
        for (int i = 0; i <= d; i++)
            if (end[i] > in[i]) in[i] = end[i];
        if (!suffixed[u] || !b->onStandard[u]) continue;
        // The match as libhyphen keeps a pattern's: its digits without the leading zeroes.
        int first = 0;
        while (first <= d && in[first] == 0) first++;
        char *match = (char *)malloc((size_t)(d + 2 - first));
        if (!match) {
            ok = 0;
            break;
        }
        for (int i = first; i <= d; i++) match[i - first] = (char)('0' + in[i]);
        match[d + 1 - first] = '\0';
        HyphenState *s = &dict->states[u];
        free(s->match);
        free(s->repl);
        s->match = match;
        s->repl = NULL;
        s->replindex = 0;
        s->replcut = (signed char)d;
    }
    free(order), free(depth), free(at), free(suffixed), free(inside), free(ending);
    return ok;
}

/// One level of the dictionary (k = 0: the first line's character set, then patterns up to
/// NEXTLEVEL; k = 1: the patterns after it, or libhyphen's default compound level when the
/// file has no NEXTLEVEL). 0 when memory runs out.
static inline int galley_hyphen_load_level(
    HyphenDict *d, int k, int *nextlevel, const HyphenDict *first, const char **data, size_t *left, int close) {
    galley_hyphen_builder b = {0};
    int ok = 1;
    char buf[MAX_CHARS];
    if (k == 0) {
        if (galley_hyphen_next_line(d->cset, sizeof(d->cset), data, left)) {
            for (int i = 0; i < MAX_NAME; i++)
                if (d->cset[i] == '\r' || d->cset[i] == '\n') d->cset[i] = 0;
        }
        d->utf8 = strcmp(d->cset, "UTF-8") == 0;
    } else {
        memcpy(d->cset, first->cset, sizeof(d->cset));
        d->cset[sizeof(d->cset) - 1] = '\0';
        d->utf8 = first->utf8;
    }
    if (k == 0 || *nextlevel) {
        while (ok && galley_hyphen_next_line(buf, sizeof(buf), data, left)) {
            if (strncmp(buf, "NEXTLEVEL", 9) == 0) {
                *nextlevel = 1;
                break;
            }
            if (buf[0] != '%') ok = galley_hyphen_load_line(buf, d, &b);
        }
    } else if (ok) {
        // libhyphen's default first level: break at hyphens and apostrophes.
        char line[MAX_CHARS];
        strcpy(line, first->utf8 ? "NOHYPHEN ',\xe2\x80\x93,\xe2\x80\x99,-\n" : "NOHYPHEN ',-\n");
        ok = galley_hyphen_load_line(line, d, &b);
        const char *patterns[] = {"1-1\n", "1'1\n", "1\xe2\x80\x93" "1\n", "1\xe2\x80\x99" "1\n"};
        int count = first->utf8 ? 4 : 2;
        for (int p = 0; ok && p < count; p++) {
            strcpy(line, patterns[p]);
            ok = galley_hyphen_load_line(line, d, &b);
        }
    }
    if (ok) ok = galley_hyphen_fallbacks(d, &b);
    // Only the file's levels are closed: libhyphen's default level is made as it makes it.
    int fromFile = k == 0 || *nextlevel;
    if (ok && close && fromFile) ok = galley_hyphen_close(d, &b);
    for (int s = 1; b.standard && s < d->num_states; s++) free(b.standard[s]);
    free(b.standard);
    free(b.onStandard);
    free(b.parent);
    free(b.byte);
    return ok;
}

/// The dictionary of the text `data` (a hyph_*.dic file's bytes), as hnj_hyphen_load_file reads
/// it, each of the file's levels closed under substrings when `close` is non-zero (as libhyphen
/// reads the file after substrings.pl); NULL when memory runs out. Free it with hnj_hyphen_free.
static inline HyphenDict *galley_hyphen_load_data(const char *data, size_t length, int close) {
    HyphenDict *levels[2] = {galley_hyphen_new_level(), galley_hyphen_new_level()};
    int nextlevel = 0;
    int ok = levels[0] && levels[1];
    for (int k = 0; ok && k < 2; k++) {
        ok = galley_hyphen_load_level(levels[k], k, &nextlevel, levels[0], &data, &length, close);
    }
    if (!ok) {
        for (int k = 0; k < 2; k++)
            if (levels[k]) hnj_hyphen_free(levels[k]);
        return NULL;
    }
    if (nextlevel) {
        levels[0]->nextlevel = levels[1];
        return levels[0];
    }
    HyphenDict *top = levels[1];
    const HyphenDict *patterns = levels[0];
    top->nextlevel = levels[0];
    top->lhmin = patterns->lhmin;
    top->rhmin = patterns->rhmin;
    top->clhmin = patterns->clhmin ? patterns->clhmin : (patterns->lhmin ? patterns->lhmin : 3);
    top->crhmin = patterns->crhmin ? patterns->crhmin : (patterns->rhmin ? patterns->rhmin : 3);
    return top;
}

#endif

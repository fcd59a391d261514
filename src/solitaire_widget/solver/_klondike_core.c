/*
 * solitaire_widget.solver._klondike_core: the Klondike-family solver's hot loop, compiled.
 *
 * This module is an exact mirror of two pure-Python modules, which stay the reference (and the fallback where no
 * compiler is at hand, such as JupyterLite):
 *
 *   solver/klondike.py  KlondikeState: the state, its moves and their order (perturbed or not), the pruning of
 *                       moves that only prepare others, the safe foundation moves (settle), the canonical table
 *                       key and its cost;
 *   solver/search.py    depth_first: the iterative depth-first search over a table of seen states, with cost
 *                       dominance, the states proved lost (Memory), thinning the table at its size cap, and the
 *                       budget checks.
 *
 * "Exact mirror" is meant literally: given the same position and the same node limit, both engines make the same
 * moves in the same order, visit the same nodes, hold the same number of table entries, thin the table at the
 * same moments and answer the same verdict with the same line. tests/solver/test_compiled_core.py checks that on
 * many positions. Whoever changes the move order or the pruning in klondike.py must change the two functions
 * named for them here (generate_moves, and the lookahead functions prepares/within_reach/uncovers_useful, and
 * locked), and nothing else.
 *
 * What is different is only how things are stored, for speed and memory:
 *
 *   - a state is a fixed-size struct (columns as byte arrays with the DOWN flag, foundation ranks per suit, the
 *     talon, pos, redeals used), made and unmade in place;
 *   - card sets used by the pruning are 64-bit masks (bit c for card c) instead of Python sets;
 *   - the table of seen states is open addressing over an arena of variable-length records (the canonical key,
 *     ~30-55 bytes, the smallest cost it was seen at, and its visit number). The full key is always compared,
 *     never only a hash: "unwinnable" is a proof only if no two different states are ever taken for one.
 *
 * The search holds no global state (everything lives in one heap-allocated Engine per call, and in the Memory
 * that the searches of one position share, one search at a time), so calls may run in several threads at once.
 * It releases the GIL while it runs and takes it back only for a moment at each budget check (every CHECK_EVERY
 * nodes): to call cancel.is_set() when there is a cancel flag, and in the main thread to let a pending signal
 * (Ctrl-C) raise KeyboardInterrupt. A search in a worker thread without a cancel flag never takes it back.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(_WIN32)
#include <windows.h>
#else
#include <time.h>
#endif

/* ------------------------------------------------------------------------------------------------------------ */
/* Cards and moves                                                                                               */
/* ------------------------------------------------------------------------------------------------------------ */

/* A card is suit * 13 + rank - 1 (solitaire_widget.cards); a face-down tableau card has DOWN added. */
#define DOWN 64
#define NCARDS 52
/* The games have 6 or 7 columns; a little headroom costs nothing. */
#define MAX_COLS 10
/* Longest table key (see make_key): every card in the tableau, two bytes of foundation ranks, pos. */
#define KEY_MAX (NCARDS + 2 + 1)
/* Room for a column (NCARDS) rounded up to whole 8-byte words, and a key buffer with room for a word more. */
#define ROW 56
#define KEY_ROOM (KEY_MAX + 8)
/* Nodes between two budget checks: the same as solver/budget.py's CHECK_EVERY, so that both engines stop at
 * the same node. */
#define CHECK_EVERY 512
/* Most moves one state can offer (see generate_moves for the bound of each group), rounded up. */
#define MAX_MOVES 2048

/* Move kinds, as in klondike.py. */
enum { T2T = 0, T2F = 1, STOCK = 2, F2T = 3 };

/* An internal move, the same fields as klondike.py's tuples:
 *   T2T   a = src, b = dst, c = count
 *   T2F   a = src
 *   STOCK a = talon index, b = redeal (0/1), c = dst column or -1 for the foundation
 *   F2T   a = suit, b = dst */
typedef struct {
    int8_t kind, a, b, c;
} Move;

/* A move made, with what unmaking it needs: T2T whether a card was turned; T2F the card (+DOWN if the card
 * under it was turned); STOCK the card | (previous pos << 8). */
typedef struct {
    Move m;
    uint16_t undo;
} Step;

static const uint8_t RANK_OF[NCARDS] = {
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13};
static const uint8_t SUIT_OF[NCARDS] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3};

static int is_red_suit(int suit) { return suit == 1 || suit == 2; }

#define BIT(card) ((uint64_t)1 << (card))

/* ------------------------------------------------------------------------------------------------------------ */
/* Rules and state                                                                                               */
/* ------------------------------------------------------------------------------------------------------------ */

/* The rules of one search, with klondike.py's per-card tables (_PARENTS, _CHILDREN, _SAFETY). Parents are kept
 * in ascending card order, as klondike.py lists them: that order decides the order of the moves. */
typedef struct {
    int ncols;
    int draw;
    int redeals;        /* -1: unlimited */
    int king_only;      /* only a King (or a group headed by one) may fill an empty column */
    int all_at_hand;    /* one-card deals and unlimited redeals: every stock card is always one move away */
    int rearrange_first; /* rearranging face-up cards is tried before the stock (FAMILY_RULES' third field) */
    int guided;         /* whether guide holds a guide (KlondikeState.guide is not None) */
    uint64_t guide[NCARDS]; /* KlondikeState.guide: per card, the places moves are tried to first */
    uint8_t nparents[NCARDS];
    uint8_t parents[NCARDS][3];
    uint64_t parent_mask[NCARDS];
    uint64_t child_mask[NCARDS];
    uint8_t nsafety[NCARDS];
    uint8_t safety_suit[NCARDS][3];
    uint8_t safety_rank[NCARDS][3];
} Rules;

typedef struct {
    uint8_t cols[MAX_COLS][ROW];    /* ROW, not NCARDS: make_key copies whole 8-byte words */
    uint8_t len[MAX_COLS];
    uint8_t found[4];           /* top rank (0..13) per suit */
    uint8_t talon[NCARDS];      /* stock and waste in dealing order; the first pos cards are the waste */
    int talon_len;
    int pos;
    long redeals_used;
} State;

static void init_rules(Rules *r, int ncols, int draw, int redeals, int alternate, int king_only,
                       int rearrange_first)
{
    r->ncols = ncols;
    r->draw = draw;
    r->redeals = redeals;
    r->king_only = king_only;
    r->rearrange_first = rearrange_first;
    r->all_at_hand = draw == 1 && redeals < 0;
    for (int card = 0; card < NCARDS; card++) {
        int rank = RANK_OF[card], suit = SUIT_OF[card];
        r->nparents[card] = 0;
        r->parent_mask[card] = 0;
        for (int p = 0; p < NCARDS; p++) {
            int fits = alternate ? is_red_suit(SUIT_OF[p]) != is_red_suit(suit) : SUIT_OF[p] != suit;
            if (RANK_OF[p] == rank + 1 && fits) {
                r->parents[card][r->nparents[card]++] = (uint8_t)p;
                r->parent_mask[card] |= BIT(p);
            }
        }
        r->nsafety[card] = 0;
        for (int other = 0; other < 4; other++) {
            if (other == suit)
                continue;
            int need = alternate && is_red_suit(other) == is_red_suit(suit) ? rank - 2 : rank - 1;
            if (need > 0) {
                r->safety_suit[card][r->nsafety[card]] = (uint8_t)other;
                r->safety_rank[card][r->nsafety[card]] = (uint8_t)need;
                r->nsafety[card]++;
            }
        }
    }
    for (int p = 0; p < NCARDS; p++) {
        r->child_mask[p] = 0;
        for (int c = 0; c < NCARDS; c++)
            if (r->parent_mask[c] & BIT(p))
                r->child_mask[p] |= BIT(c);
    }
}

static int top_card(const State *s, int col)
{
    return s->len[col] ? s->cols[col][s->len[col] - 1] : -1;
}

static int won(const State *s)
{
    return s->found[0] == 13 && s->found[1] == 13 && s->found[2] == 13 && s->found[3] == 13;
}

static int redeal_left(const Rules *r, const State *s)
{
    return r->redeals < 0 || s->redeals_used < r->redeals;
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Make and unmake (KlondikeState.make / unmake)                                                                 */
/* ------------------------------------------------------------------------------------------------------------ */

static uint16_t make(State *s, Move m)
{
    switch (m.kind) {
    case T2T: {
        uint8_t *src = s->cols[m.a], *dst = s->cols[m.b];
        int n = m.c;
        memcpy(dst + s->len[m.b], src + s->len[m.a] - n, (size_t)n);
        s->len[m.b] = (uint8_t)(s->len[m.b] + n);
        s->len[m.a] = (uint8_t)(s->len[m.a] - n);
        /* A face-down card left on top is turned over, as the rules do. */
        if (s->len[m.a] && src[s->len[m.a] - 1] >= DOWN) {
            src[s->len[m.a] - 1] -= DOWN;
            return 1;
        }
        return 0;
    }
    case T2F: {
        uint8_t *src = s->cols[m.a];
        int card = src[--s->len[m.a]];
        s->found[SUIT_OF[card]]++;
        if (s->len[m.a] && src[s->len[m.a] - 1] >= DOWN) {
            src[s->len[m.a] - 1] -= DOWN;
            card += DOWN;
        }
        return (uint16_t)card;
    }
    case STOCK: {
        int index = m.a;
        int card = s->talon[index];
        uint16_t undo = (uint16_t)(card | (s->pos << 8));
        memmove(s->talon + index, s->talon + index + 1, (size_t)(s->talon_len - index - 1));
        s->talon_len--;
        s->pos = index;
        if (m.b)
            s->redeals_used++;
        if (m.c < 0)
            s->found[SUIT_OF[card]]++;
        else
            s->cols[m.c][s->len[m.c]++] = (uint8_t)card;
        return undo;
    }
    default: /* F2T */
        s->found[m.a]--;
        s->cols[m.b][s->len[m.b]++] = (uint8_t)(m.a * 13 + s->found[m.a]);
        return 0;
    }
}

static void unmake(State *s, Move m, uint16_t undo)
{
    switch (m.kind) {
    case T2T: {
        uint8_t *src = s->cols[m.a], *dst = s->cols[m.b];
        int n = m.c;
        if (undo)
            src[s->len[m.a] - 1] += DOWN;
        memcpy(src + s->len[m.a], dst + s->len[m.b] - n, (size_t)n);
        s->len[m.a] = (uint8_t)(s->len[m.a] + n);
        s->len[m.b] = (uint8_t)(s->len[m.b] - n);
        break;
    }
    case T2F: {
        int card = undo;
        uint8_t *src = s->cols[m.a];
        if (card >= DOWN) {
            card -= DOWN;
            src[s->len[m.a] - 1] += DOWN;
        }
        src[s->len[m.a]++] = (uint8_t)card;
        s->found[SUIT_OF[card]]--;
        break;
    }
    case STOCK: {
        int index = m.a, card = undo & 0xff;
        s->pos = undo >> 8;
        if (m.b)
            s->redeals_used--;
        if (m.c < 0)
            s->found[SUIT_OF[card]]--;
        else
            s->len[m.c]--;
        memmove(s->talon + index + 1, s->talon + index, (size_t)(s->talon_len - index));
        s->talon[index] = (uint8_t)card;
        s->talon_len++;
        break;
    }
    default: /* F2T */
        s->len[m.b]--;
        s->found[m.a]++;
        break;
    }
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Safe foundation moves (KlondikeState.settle / _safe)                                                          */
/* ------------------------------------------------------------------------------------------------------------ */

/* Whether card (-1: none) may go up now and safely: every card that could ever be stacked above it on the
 * tableau is already up (see klondike.py's module doc for why that loses nothing). */
static int safe_up(const Rules *r, const State *s, int card)
{
    if (card < 0 || s->found[SUIT_OF[card]] != RANK_OF[card] - 1)
        return 0;
    for (int i = 0; i < r->nsafety[card]; i++)
        if (s->found[r->safety_suit[card][i]] < r->safety_rank[card][i])
            return 0;
    return 1;
}

/* Make every safe foundation move, appending them to out (room for NCARDS steps is the caller's business: each
 * sends a card up, so there are never more). `after` is the move just made (NULL at the root): when it sent no
 * card up, only the card it left on top (and, after a one-card deal, the waste card) can have become safe, so
 * the full scan is skipped unless one of those is. Returns how many moves were made. */
static int settle(const Rules *r, State *s, const Move *after, Step *out)
{
    int made = 0;
    if (after != NULL) {
        if (after->kind == F2T)
            return 0;
        if (after->kind == T2T || (after->kind == STOCK && after->c >= 0)) {
            int card = top_card(s, after->kind == T2T ? after->a : after->c);
            int waste = after->kind == STOCK && r->draw == 1 && s->pos ? s->talon[s->pos - 1] : -1;
            if (!safe_up(r, s, card) && !safe_up(r, s, waste))
                return 0;
        }
    }
    int progress = 1;
    while (progress) {
        progress = 0;
        for (int index = 0; index < r->ncols; index++) {
            if (safe_up(r, s, top_card(s, index))) {
                Move m = {T2F, (int8_t)index, 0, 0};
                out[made].m = m;
                out[made].undo = make(s, m);
                made++;
                progress = 1;
            }
        }
        /* From the waste only with one-card deals: with three, removing a waste card shifts what later deals
         * reach. */
        if (r->draw == 1 && s->pos && safe_up(r, s, s->talon[s->pos - 1])) {
            Move m = {STOCK, (int8_t)(s->pos - 1), 0, -1};
            out[made].m = m;
            out[made].undo = make(s, m);
            made++;
            progress = 1;
        }
    }
    return made;
}

static void takeback(State *s, const Step *steps, size_t count)
{
    while (count--)
        unmake(s, steps[count].m, steps[count].undo);
}

/* ------------------------------------------------------------------------------------------------------------ */
/* The stock (KlondikeState.stock_targets)                                                                       */
/* ------------------------------------------------------------------------------------------------------------ */

typedef struct {
    int8_t index;
    int8_t redeal;
} Target;

/* Every card dealing can bring to the top of the waste: the waste top, each card a deal of this pass tops the
 * waste with, then (a redeal left) the cards of the next pass that this one cannot reach. At most
 * 1 + 52 + 52 targets. */
static int stock_targets(const Rules *r, const State *s, Target *out)
{
    int n = 0, len = s->talon_len, draw = r->draw;
    uint64_t this_pass = 0;
    if (s->pos > 0) {
        out[n].index = (int8_t)(s->pos - 1);
        out[n++].redeal = 0;
        this_pass |= BIT(s->pos - 1);
    }
    int reached = s->pos;
    while (reached < len) {
        reached = reached + draw < len ? reached + draw : len;
        out[n].index = (int8_t)(reached - 1);
        out[n++].redeal = 0;
        this_pass |= BIT(reached - 1);
    }
    if (len && redeal_left(r, s)) {
        reached = 0;
        while (reached < len) {
            reached = reached + draw < len ? reached + draw : len;
            if (!(this_pass & BIT(reached - 1))) {
                out[n].index = (int8_t)(reached - 1);
                out[n++].redeal = 1;
            }
        }
    }
    return n;
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Pruning: moves that only prepare others (KlondikeState._prepares, _within_reach, _uncovers_useful)            */
/* ------------------------------------------------------------------------------------------------------------ */

/* What the pruning looks at while one state's moves are generated. The set of cards within reach is computed
 * the first time it is needed, as klondike.py does (it is a function of the state alone, so when it is computed
 * does not change any answer). */
typedef struct {
    const Rules *r;
    const State *s;
    const Target *targets;
    int ntargets;
    int empty;          /* first empty column, or -1 */
    int have_reach;
    uint64_t reach;
} Lookahead;

/* Cards that moves turning no face-down card can bring into play: face-up cards with nothing face down above
 * them, cards on the foundations, and the stock cards dealing reaches (all of them when all are at hand). */
static uint64_t within_reach(const Lookahead *look)
{
    const Rules *r = look->r;
    const State *s = look->s;
    uint64_t reach = 0;
    for (int c = 0; c < r->ncols; c++) {
        for (int k = s->len[c] - 1; k >= 0 && s->cols[c][k] < DOWN; k--)
            reach |= BIT(s->cols[c][k]);
    }
    for (int suit = 0; suit < 4; suit++)
        reach |= (BIT(s->found[suit]) - 1) << (suit * 13);
    if (r->all_at_hand) {
        for (int i = 0; i < s->talon_len; i++)
            reach |= BIT(s->talon[i]);
    } else {
        for (int i = 0; i < look->ntargets; i++)
            reach |= BIT(s->talon[look->targets[i].index]);
    }
    return reach;
}

/* Whether one of `partners` can be brought into play without turning a face-down card first. A move that only
 * prepares another (a tableau move leaving a face-up card on top, a card taken down from a foundation, a stock
 * card laid out when all are at hand) can wait in a winning line until just before the move it prepares; if
 * no partner of that move is within reach, leaving the move out loses no win (klondike.py's _prepares). */
static int prepares(Lookahead *look, uint64_t partners)
{
    if (!look->have_reach) {
        look->reach = within_reach(look);
        look->have_reach = 1;
    }
    return (partners & look->reach) != 0;
}

/* Whether moving the group headed by `base` off the face-up card col[x] prepares a use of that card: it can go
 * up, or a partner within reach fits on it, or a card within reach takes the run it heads (or an empty column
 * does). */
static int uncovers_useful(Lookahead *look, const uint8_t *col, int x, int base)
{
    const Rules *r = look->r;
    const State *s = look->s;
    int card = col[x];
    if (s->found[SUIT_OF[card]] == RANK_OF[card] - 1)
        return 1;
    if (prepares(look, r->child_mask[card] & ~BIT(base)))
        return 1;
    for (int k = x;; k--) {
        int head = col[k];
        if (prepares(look, r->parent_mask[head]))
            return 1;
        if (k && (!r->king_only || RANK_OF[head] == 13) && look->empty >= 0)
            return 1;
        if (!k || col[k - 1] >= DOWN || !(r->parent_mask[head] & BIT(col[k - 1])))
            return 0;
    }
}

/* KlondikeState.locked: whether the relaxed game, which only asks of each card whether it could ever leave its
 * place, cannot free every card; then the state is lost (klondike.py says why). Piles are the columns and, at the
 * last pass, the waste (pile index ncols); free starts as the foundation cards and the stock cards that count as
 * at hand, and grows until no pile's top can leave. */
static int locked(const Rules *r, const State *s)
{
    int last_pass = !redeal_left(r, s);
    int npiles = r->ncols + last_pass;
    int tops[MAX_COLS + 1];
    uint64_t free = 0, tops_mask = 0;
    for (int suit = 0; suit < 4; suit++)
        free |= (BIT(s->found[suit]) - 1) << (suit * 13);
    for (int i = last_pass ? s->pos : 0; i < s->talon_len; i++)
        free |= BIT(s->talon[i]);
    int emptied = 0;
    for (int c = 0; c < npiles; c++) {
        const uint8_t *pile = c < r->ncols ? s->cols[c] : s->talon;
        tops[c] = (c < r->ncols ? s->len[c] : s->pos) - 1;
        if (tops[c] >= 0)
            tops_mask |= BIT(pile[tops[c]] & ~DOWN);
        else if (c < r->ncols)
            emptied = 1;
    }
    for (int progress = 1; progress;) {
        progress = 0;
        for (int c = 0; c < npiles; c++) {
            const uint8_t *pile = c < r->ncols ? s->cols[c] : s->talon;
            int in_tableau = c < r->ncols;
            int top = tops[c];
            while (top >= 0) {
                int card = pile[top] & ~DOWN;
                uint64_t below = (BIT(RANK_OF[card] - 1) - 1) << (SUIT_OF[card] * 13);
                int leaves = (free & below) == below
                    || ((free | tops_mask) & r->parent_mask[card])
                    || (in_tableau && top && pile[top - 1] < DOWN && (r->parent_mask[card] & BIT(pile[top - 1])))
                    || (emptied && (!r->king_only || RANK_OF[card] == 13));
                if (!leaves)
                    break;
                free |= BIT(card);
                tops_mask &= ~BIT(card);
                top--;
                progress = 1;
                if (top >= 0)
                    tops_mask |= BIT(pile[top] & ~DOWN);
                else if (in_tableau)
                    emptied = 1;
            }
            tops[c] = top;
        }
    }
    return free != BIT(NCARDS) - 1;
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Move generation and ORDER (KlondikeState.moves)                                                               */
/* ------------------------------------------------------------------------------------------------------------ */

/* KlondikeState._perturbed: swap some neighbours in moves[start..n), each pair with odds of one in two, with
 * the same xorshift generator drawing the same numbers. */
static void perturb(Move *moves, int start, int n, uint64_t *rng)
{
    uint64_t x = *rng;
    for (int i = start; i < n - 1; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        if (!((x >> 11) & 1)) {
            Move t = moves[i];
            moves[i] = moves[i + 1];
            moves[i + 1] = t;
            i++;
        }
    }
    *rng = x;
}

/* Where a move goes when not onto a card (a card's own number): klondike.py's ONTO_FOUNDATION, ONTO_EMPTY. */
#define ONTO_FOUNDATION 52
#define ONTO_EMPTY 53

/* KlondikeState.signature: the card a move (about to be made) moves, or the bottom card of its group, and
 * where to: the card it goes onto, ONTO_FOUNDATION or ONTO_EMPTY. */
static void signature(const State *s, Move m, int *card, int *target)
{
    int dst;
    if (m.kind == T2F) {
        *card = s->cols[m.a][s->len[m.a] - 1];
        *target = ONTO_FOUNDATION;
        return;
    }
    if (m.kind == T2T) {
        *card = s->cols[m.a][s->len[m.a] - m.c];
        dst = m.b;
    } else if (m.kind == STOCK) {
        *card = s->talon[m.a];
        dst = m.c;
        if (dst < 0) {
            *target = ONTO_FOUNDATION;
            return;
        }
    } else {
        *card = m.a * 13 + s->found[m.a] - 1;
        dst = m.b;
    }
    *target = s->len[dst] ? s->cols[dst][s->len[dst] - 1] : ONTO_EMPTY;
}

/* KlondikeState._guided_first: the moves the guide holds first, each part in its order. */
static void guided_first(const Rules *r, const State *s, Move *moves, int n)
{
    Move rest[MAX_MOVES];
    int led = 0, nrest = 0;
    for (int i = 0; i < n; i++) {
        int card, target;
        signature(s, moves[i], &card, &target);
        if ((r->guide[card] >> target) & 1)
            moves[led++] = moves[i];
        else
            rest[nrest++] = moves[i];
    }
    memcpy(moves + led, rest, sizeof(Move) * (size_t)nrest);
}

/* Write every move worth trying to `out`, best first, and return how many: none when `look_for_locks` and the
 * state is locked(). search() passes what klondike.py's settle() sets: look at the first state, and after a move
 * from the stock at the last pass. The order is klondike.py's (its moves() docstring says why):
 *
 *   1. up:       tableau tops to their foundation (by column), then, only when every stock card is at hand,
 *                stock cards to theirs (by target);
 *   2. turning:  tableau moves that turn a face-down card or empty a column, the columns with the most face-down
 *                cards first (a stable sort: ties keep column order);
 *   3. stock:    per target, to its foundation (unless that went in 1.), onto tableau tops (parents in card
 *                order), then into the first empty column;
 *   4. others:   tableau moves leaving a face-up card on top, when that uncovers something useful;
 *   5. down:     foundation tops down to the tableau, when that prepares something (by suit);
 *
 * with 4. before 3. when the rules say rearrange_first; then, with a guide, the moves it holds go first
 * (guided_first); then, when `*rng` (KlondikeState._rng) is not 0, the order after the first len(up) moves is
 * perturbed by perturb().
 * Bounds per group (10 columns at most): up 10 + 105, turning and others 10 * 13 * 4, stock 105 * 5, down 16. */
static int generate_moves(const Rules *r, const State *s, Move *out, uint64_t *rng, int look_for_locks)
{
    if (look_for_locks && locked(r, s))
        return 0;
    int8_t top_of[NCARDS];
    int run_start[MAX_COLS];
    int empty = -1;
    memset(top_of, -1, sizeof top_of);
    for (int c = 0; c < r->ncols; c++) {
        int n = s->len[c];
        if (n) {
            const uint8_t *col = s->cols[c];
            top_of[col[n - 1]] = (int8_t)c;
            /* The face-up run on top: each card sits on one it may be built on. */
            int k = n - 1;
            while (k && col[k - 1] < DOWN && (r->parent_mask[col[k]] & BIT(col[k - 1])))
                k--;
            run_start[c] = k;
        } else {
            run_start[c] = -1;
            if (empty < 0)
                empty = c;
        }
    }
    Target targets[2 * NCARDS + 1];
    int ntargets = stock_targets(r, s, targets);
    Lookahead look = {r, s, targets, ntargets, empty, 0, 0};

    Move up[MAX_COLS + 2 * NCARDS + 1];
    Move turning[MAX_COLS * 13 * 4];
    int turning_hidden[MAX_COLS * 13 * 4];
    Move from_stock[(2 * NCARDS + 1) * 5];
    Move others[MAX_COLS * 13 * 4];
    Move down[16];
    int nup = 0, nturning = 0, nstock = 0, nothers = 0, ndown = 0;

    for (int src = 0; src < r->ncols; src++) {
        int height = s->len[src];
        if (!height)
            continue;
        const uint8_t *col = s->cols[src];
        int top = col[height - 1];
        if (s->found[SUIT_OF[top]] == RANK_OF[top] - 1) {
            Move m = {T2F, (int8_t)src, 0, 0};
            up[nup++] = m;
        }
        for (int k = height - 1; k >= run_start[src]; k--) {
            int base = col[k];
            int dsts[4], ndst = 0;
            for (int i = 0; i < r->nparents[base]; i++) {
                int dst = top_of[r->parents[base][i]];
                if (dst >= 0)
                    dsts[ndst++] = dst;
            }
            if (empty >= 0 && k && (!r->king_only || RANK_OF[base] == 13))
                dsts[ndst++] = empty;
            if (!ndst)
                continue;
            int count = height - k;
            int below = k ? col[k - 1] : -1;
            if (below < 0 || below >= DOWN) {
                /* Turns a face-down card over (or empties the column: no face-down cards, sorted last). */
                int hidden = 0;
                if (below >= 0)
                    for (int i = 0; i < height; i++)
                        hidden += col[i] >= DOWN;
                for (int i = 0; i < ndst; i++) {
                    Move m = {T2T, (int8_t)src, (int8_t)dsts[i], (int8_t)count};
                    turning[nturning] = m;
                    turning_hidden[nturning++] = hidden;
                }
            } else if (uncovers_useful(&look, col, k - 1, base)) {
                for (int i = 0; i < ndst; i++) {
                    Move m = {T2T, (int8_t)src, (int8_t)dsts[i], (int8_t)count};
                    others[nothers++] = m;
                }
            }
        }
    }

    for (int t = 0; t < ntargets; t++) {
        int index = targets[t].index, redeal = targets[t].redeal;
        int card = s->talon[index];
        if (s->found[SUIT_OF[card]] == RANK_OF[card] - 1) {
            /* Up first only when every stock card is always at hand: otherwise it spends the pass. */
            Move m = {STOCK, (int8_t)index, (int8_t)redeal, -1};
            if (r->all_at_hand)
                up[nup++] = m;
            else
                from_stock[nstock++] = m;
        }
        if (r->all_at_hand && !prepares(&look, r->child_mask[card]))
            continue;
        for (int i = 0; i < r->nparents[card]; i++) {
            int dst = top_of[r->parents[card][i]];
            if (dst >= 0) {
                Move m = {STOCK, (int8_t)index, (int8_t)redeal, (int8_t)dst};
                from_stock[nstock++] = m;
            }
        }
        if (empty >= 0 && (!r->king_only || RANK_OF[card] == 13)) {
            Move m = {STOCK, (int8_t)index, (int8_t)redeal, (int8_t)empty};
            from_stock[nstock++] = m;
        }
    }

    for (int suit = 0; suit < 4; suit++) {
        int rank = s->found[suit];
        if (!rank)
            continue;
        int card = suit * 13 + rank - 1;
        int dsts[4], ndst = 0;
        for (int i = 0; i < r->nparents[card]; i++) {
            int dst = top_of[r->parents[card][i]];
            if (dst >= 0)
                dsts[ndst++] = dst;
        }
        if (empty >= 0 && (!r->king_only || rank == 13))
            dsts[ndst++] = empty;
        if (ndst && (prepares(&look, r->child_mask[card])
                     || (rank > 1 && prepares(&look, r->parent_mask[card - 1])))) {
            for (int i = 0; i < ndst; i++) {
                Move m = {F2T, (int8_t)suit, (int8_t)dsts[i], 0};
                down[ndown++] = m;
            }
        }
    }

    /* Stable insertion sort of the turning moves, most face-down cards first. */
    for (int i = 1; i < nturning; i++) {
        Move m = turning[i];
        int h = turning_hidden[i], j = i;
        while (j > 0 && turning_hidden[j - 1] < h) {
            turning[j] = turning[j - 1];
            turning_hidden[j] = turning_hidden[j - 1];
            j--;
        }
        turning[j] = m;
        turning_hidden[j] = h;
    }

    int n = 0;
    memcpy(out + n, up, sizeof(Move) * (size_t)nup);
    n += nup;
    memcpy(out + n, turning, sizeof(Move) * (size_t)nturning);
    n += nturning;
    if (r->rearrange_first) {
        memcpy(out + n, others, sizeof(Move) * (size_t)nothers);
        n += nothers;
        memcpy(out + n, from_stock, sizeof(Move) * (size_t)nstock);
        n += nstock;
    } else {
        memcpy(out + n, from_stock, sizeof(Move) * (size_t)nstock);
        n += nstock;
        memcpy(out + n, others, sizeof(Move) * (size_t)nothers);
        n += nothers;
    }
    memcpy(out + n, down, sizeof(Move) * (size_t)ndown);
    n += ndown;
    if (r->guided)
        guided_first(r, s, out, n);
    if (*rng)
        perturb(out, nup, n, rng);
    return n;
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Canonical key and cost (KlondikeState.key / cost)                                                             */
/* ------------------------------------------------------------------------------------------------------------ */

/* The key stands for what klondike.py's key() does: the columns as a multiset (their order forgotten), the four
 * foundation ranks, and with three-card deals the waste size (with unlimited redeals, its waste_class). Two
 * states get the same key here exactly when they get the same key there; only the bytes differ, to be shorter (at
 * most 55 instead of 63):
 *
 *   - the non-empty columns, each as its cards bottom to top with 0x80 added to the top one (no card byte has
 *     that bit, even face down), so a column needs no separator and the empty ones need no byte at all: there
 *     are as many as columns are missing;
 *   - the foundation ranks two to a byte;
 *   - with three-card deals, pos, or with unlimited redeals waste_class().
 *
 * The columns go in the order of their bottom bytes, which differ between any two non-empty columns since no
 * card is in two places: that orders them completely, so the key does not depend on which column is which. */
/* KlondikeState.waste_class: with several cards dealt at a time, 0 when dealing from here reaches only the
 * waste tops of a fresh pass, else pos modulo the deal. */
static int waste_class(const Rules *r, const State *s)
{
    return s->pos % r->draw == 0 || s->pos == s->talon_len ? 0 : s->pos % r->draw;
}

static int make_key(const Rules *r, const State *s, uint8_t *key)
{
    int order[MAX_COLS], bottom[MAX_COLS], n = 0;
    for (int c = 0; c < r->ncols; c++) {
        if (!s->len[c])
            continue;
        int b = s->cols[c][0], j = n++;
        while (j > 0 && bottom[j - 1] > b) {
            order[j] = order[j - 1];
            bottom[j] = bottom[j - 1];
            j--;
        }
        order[j] = c;
        bottom[j] = b;
    }
    int k = 0;
    for (int i = 0; i < n; i++) {
        const uint8_t *col = s->cols[order[i]];
        int len = s->len[order[i]];
        /* Whole words (a column row and the key buffer both have room for the last one's spill). */
        for (int w = 0; w < len; w += 8)
            memcpy(key + k + w, col + w, 8);
        k += len;
        key[k - 1] = (uint8_t)(col[len - 1] | 0x80);
    }
    key[k++] = (uint8_t)(s->found[0] << 4 | s->found[1]);
    key[k++] = (uint8_t)(s->found[2] << 4 | s->found[3]);
    if (r->draw > 1)
        key[k++] = (uint8_t)(r->redeals < 0 ? waste_class(r, s) : s->pos);
    return k;
}

/* The cost (redeals used, waste size), where smaller never hurts, compared redeals first (klondike.py's cost()
 * says why, and why with three-card deals only the redeals count, or with unlimited redeals only the waste
 * within its class).
 * Returned as the waste size (*p) and the redeals used (*used), each below 256. */
static void cost_of(const Rules *r, const State *s, int *p, int *used)
{
    if (r->redeals < 0) {
        *p = r->draw > 1 && waste_class(r, s) ? s->pos : 0;
        *used = 0;
    } else {
        *p = r->draw == 1 ? s->pos : 0;
        *used = (int)s->redeals_used;
    }
}

/* ------------------------------------------------------------------------------------------------------------ */
/* The table of seen states                                                                                      */
/* ------------------------------------------------------------------------------------------------------------ */

/* Open addressing with linear probing. A slot is 0 (empty) or (24-bit hash tag << 40) | (arena offset + 1).
 * An arena record is [key length][key bytes][redeals used][waste size][visit, 8 bytes]: the smallest cost the
 * key was seen at and the number of that visit, or its proof_mark(), as search.py's Memory keeps them. A table may outlive
 * one search (see Memory below). */
typedef struct {
    uint64_t *slots;
    size_t mask;        /* slots - 1 (a power of two minus one) */
    size_t count;       /* keys held (search.py's len(seen)) */
    uint8_t *arena;
    size_t arena_len, arena_cap;
} Table;

/* search.py's proof_mark(): what a state proved lost keeps instead of its visit number, a negative number that
 * also says how much work the proof took (-1 - the bit length of its nodes). */
#define VISIT_BYTES 8
#define MAX_WEIGHT 63

static int bit_length(uint64_t n)
{
    int b = 0;
    while (n) {
        b++;
        n >>= 1;
    }
    return b;
}

static int64_t proof_mark(long long work)
{
    return -1 - (int64_t)bit_length((uint64_t)work);
}

#define OFFSET_BITS 40
#define OFFSET_MASK (((uint64_t)1 << OFFSET_BITS) - 1)

static uint64_t hash_key(const uint8_t *key, int n)
{
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ (uint64_t)n;
    while (n >= 8) {
        uint64_t w;
        memcpy(&w, key, 8);
        h = (h ^ w) * 0xff51afd7ed558ccdULL;
        h ^= h >> 32;
        key += 8;
        n -= 8;
    }
    if (n > 0) {
        uint64_t w = 0;
        memcpy(&w, key, (size_t)n);
        h = (h ^ w) * 0xc4ceb9fe1a85ec53ULL;
    }
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 29;
    return h;
}

static int table_init(Table *t)
{
    t->mask = 4095;
    t->slots = calloc(t->mask + 1, sizeof(uint64_t));
    t->count = 0;
    t->arena_cap = 1 << 16;
    t->arena = malloc(t->arena_cap);
    t->arena_len = 0;
    return t->slots && t->arena ? 0 : -1;
}

static void table_free(Table *t)
{
    free(t->slots);
    free(t->arena);
    t->slots = NULL;
    t->arena = NULL;
}

/* The record holding `key`, or NULL. */
static uint8_t *table_find(const Table *t, const uint8_t *key, int n, uint64_t h)
{
    uint64_t tag = h >> OFFSET_BITS;
    for (size_t i = (size_t)h & t->mask;; i = (i + 1) & t->mask) {
        uint64_t slot = t->slots[i];
        if (!slot)
            return NULL;
        if ((slot >> OFFSET_BITS) == tag) {
            uint8_t *rec = t->arena + (slot & OFFSET_MASK) - 1;
            if (rec[0] == n && memcmp(rec + 1, key, (size_t)n) == 0)
                return rec;
        }
    }
}

#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH_FOR_WRITE(address) __builtin_prefetch((address), 1)
#else
#define PREFETCH_FOR_WRITE(address) ((void)(address))
#endif

/* Fill empty `slots` (mask + 1 of them) from the records of arena[0:len]. Each write lands at random in a big
 * array, a cache miss, so the hashes run REFILL_AHEAD records ahead of the writes and fetch their slots early:
 * the misses overlap instead of following one another. */
#define REFILL_AHEAD 16

static void refill_slots(uint64_t *slots, size_t mask, const uint8_t *arena, size_t len)
{
    uint64_t hashes[REFILL_AHEAD];
    size_t offsets[REFILL_AHEAD];
    size_t hashed = 0, written = 0, offset = 0;
    while (written < hashed || offset < len) {
        if (offset < len && hashed - written < REFILL_AHEAD) {
            uint64_t h = hash_key(arena + offset + 1, arena[offset]);
            PREFETCH_FOR_WRITE(&slots[(size_t)h & mask]);
            hashes[hashed % REFILL_AHEAD] = h;
            offsets[hashed % REFILL_AHEAD] = offset;
            hashed++;
            offset += 1 + (size_t)arena[offset] + 2 + VISIT_BYTES;
            continue;
        }
        uint64_t h = hashes[written % REFILL_AHEAD];
        size_t i = (size_t)h & mask;
        while (slots[i])
            i = (i + 1) & mask;
        slots[i] = ((h >> OFFSET_BITS) << OFFSET_BITS) | (uint64_t)(offsets[written % REFILL_AHEAD] + 1);
        written++;
    }
}

/* Double the slots: every record is hashed again from its key. The records are read in arena order, which is
 * the order they were added in, so the reads run straight through memory and only the writes land at random: a
 * growth of a full table is a pause the search cannot interrupt. */
static int table_grow(Table *t)
{
    size_t size = (t->mask + 1) * 2;
    uint64_t *slots = calloc(size, sizeof(uint64_t));
    if (!slots)
        return -1;
    refill_slots(slots, size - 1, t->arena, t->arena_len);
    free(t->slots);
    t->slots = slots;
    t->mask = size - 1;
    return 0;
}

/* Whether adding a key should first double the slots: when it takes the load over 70%, unless the table will be
 * thinned at `limit` keys before the load passes 80%. Without that exception a table capped at 6,000,000 keys
 * would double its 8,388,608 slots at 5,872,026 keys, a pause of some 0.3 s, only to be thinned soon after. */
static int needs_growth(const Table *t, size_t limit)
{
    size_t slots = t->mask + 1;
    if ((t->count + 1) * 10 <= slots * 7)
        return 0;
    return t->count + 1 > limit || limit / 4 > slots / 5;
}

static int64_t visit_of(const uint8_t *rec)
{
    int64_t v;
    memcpy(&v, rec + 3 + rec[0], sizeof v);
    return v;
}

static void set_visit(uint8_t *rec, int64_t v)
{
    memcpy(rec + 3 + rec[0], &v, sizeof v);
}

/* Add `key` (not in the table) with the cost (p, used) and the visit number; returns its record's arena offset,
 * or -1 when memory runs out. `limit`: the count at which the caller thins the table (see needs_growth). */
static long long table_insert(Table *t, const uint8_t *key, int n, uint64_t h, int p, int used, int64_t visit,
                              size_t limit)
{
    if (needs_growth(t, limit) && table_grow(t) < 0)
        return -1;
    size_t need = 1 + (size_t)n + 2 + VISIT_BYTES;
    if (t->arena_len + need > t->arena_cap) {
        size_t cap = t->arena_cap * 2;
        while (cap < t->arena_len + need)
            cap *= 2;
        if (cap > OFFSET_MASK)
            return -1;
        uint8_t *arena = realloc(t->arena, cap);
        if (!arena)
            return -1;
        t->arena = arena;
        t->arena_cap = cap;
    }
    uint8_t *rec = t->arena + t->arena_len;
    rec[0] = (uint8_t)n;
    memcpy(rec + 1, key, (size_t)n);
    rec[1 + n] = (uint8_t)used;
    rec[2 + n] = (uint8_t)p;
    set_visit(rec, visit);
    long long offset = (long long)t->arena_len;
    uint64_t slot = ((h >> OFFSET_BITS) << OFFSET_BITS) | (uint64_t)(t->arena_len + 1);
    size_t i = (size_t)h & t->mask;
    while (t->slots[i])
        i = (i + 1) & t->mask;
    t->slots[i] = slot;
    t->arena_len += need;
    t->count++;
    return offset;
}

/* Whether the record's cost is no greater than (used, p): fewer redeals used, or as many and no bigger waste. */
static int dominated(const uint8_t *rec, int p, int used)
{
    const uint8_t *cost = rec + 1 + rec[0];
    return cost[0] < used || (cost[0] == used && cost[1] <= p);
}

/* Record the cost (used, p), which the caller knows is smaller than the record's. */
static void set_cost(uint8_t *rec, int p, int used)
{
    uint8_t *cost = rec + 1 + rec[0];
    cost[0] = (uint8_t)used;
    cost[1] = (uint8_t)p;
}

/* Forget every key (the slots and the arena keep their memory for what comes next). */
static void table_empty(Table *t)
{
    memset(t->slots, 0, (t->mask + 1) * sizeof(uint64_t));
    t->count = 0;
    t->arena_len = 0;
}

/* search.py's thin(): keep only the states proved lost whose proofs took the most work, at most `keep` of them,
 * and forget every other key. The kept records move down the arena in their order, and the slots are filled
 * again from them (the slots and the arena keep their memory for what comes next). */
static void table_thin(Table *t, size_t keep)
{
    size_t by_weight[MAX_WEIGHT + 1] = {0};
    size_t offset;
    for (offset = 0; offset < t->arena_len; offset += 1 + (size_t)t->arena[offset] + 2 + VISIT_BYTES) {
        int64_t v = visit_of(t->arena + offset);
        if (v < 0)
            by_weight[-1 - v]++;
    }
    /* The lightest weight kept: the smallest whose proofs, with every heavier one, number at most `keep`. */
    int lightest = MAX_WEIGHT + 1;
    size_t kept = 0;
    while (lightest > 0 && kept + by_weight[lightest - 1] <= keep)
        kept += by_weight[--lightest];
    size_t end = 0;
    for (offset = 0; offset < t->arena_len;) {
        size_t size = 1 + (size_t)t->arena[offset] + 2 + VISIT_BYTES;
        int64_t v = visit_of(t->arena + offset);
        if (v < 0 && -1 - v >= lightest) {
            memmove(t->arena + end, t->arena + offset, size);
            end += size;
        }
        offset += size;
    }
    memset(t->slots, 0, (t->mask + 1) * sizeof(uint64_t));
    refill_slots(t->slots, t->mask, t->arena, end);
    t->count = kept;
    t->arena_len = end;
}

/* search.py's Memory: the table of one position's searches, kept from one to the next, and the number of the
 * next visit. A capsule holds it (py_memory); one search at a time may use it (`busy`). A search given none uses
 * one of its own. */
typedef struct {
    Table table;
    int64_t next_visit;
    int busy;
} Memory;

/* ------------------------------------------------------------------------------------------------------------ */
/* The search (search.py's depth_first)                                                                          */
/* ------------------------------------------------------------------------------------------------------------ */

/* One level of the search: the state reached by `step` (and the safe moves `made` after it), its key and cost
 * (kept so that a thinning of the table can put the current path back), and its moves with the next one to try. */
typedef struct {
    size_t mv_start, mv_end, cursor;
    size_t made_start, made_end;
    Step step;
    int64_t visit, low;         /* this state's visit number, and the lowest open visit its search met */
    long long entered;          /* the node count when the search reached it */
    uint8_t keylen;
    uint8_t p;
    uint8_t used;
    uint8_t key[KEY_ROOM];
} Frame;

enum { VERDICT_UNWINNABLE, VERDICT_WINNABLE, VERDICT_UNKNOWN };
enum { STOPPED_NONE, STOPPED_CANCELLED, STOPPED_NODES, STOPPED_TIME };
enum { ERR_NONE, ERR_NOMEM, ERR_PYTHON };

/* A visit not yet proved lost (search.py's `pending`): its record's arena offset, its number and the node count
 * when the search reached it. */
typedef struct {
    uint64_t offset;
    int64_t visit;
    long long entered;
} Pending;

typedef struct {
    Rules rules;
    State state;
    Memory *mem;                /* the capsule's, or `own` */
    Memory own;
    /* Stacks: moves of every frame, safe moves made (with undo), frames, visits not yet proved lost. */
    Move *mv;
    size_t mv_len, mv_cap;
    Step *made;
    size_t made_len, made_cap;
    Frame *frames;
    size_t frames_cap;
    Pending *pending;
    size_t pending_len, pending_cap;
    uint64_t rng;               /* KlondikeState._rng: the move order's perturbation, 0 for none */
    /* Budget. */
    long long node_limit;       /* -1: none */
    int has_deadline;
    int64_t deadline_ns;        /* on this module's clock (see now_ns) */
    int has_final;
    int64_t final_ns;           /* Budget.final: the deadline of the whole solve this search is part of */
    PyObject *cancel;           /* borrowed; NULL: none */
    int main_thread;            /* running in Python's main thread, where signals are handled */
    size_t table_limit;
    PyThreadState *thread;      /* saved while the GIL is released */
    /* Results. */
    int verdict, stopped, error;
    long long nodes;
    size_t peak, clears;
    int64_t thin_ns;            /* how long this search's last thinning took; 0 before the first */
    Move *line;
    size_t line_len;
} Engine;

static int64_t now_ns(void)
{
#if defined(_WIN32)
    LARGE_INTEGER count, freq;
    QueryPerformanceCounter(&count);
    QueryPerformanceFrequency(&freq);
    return (int64_t)((double)count.QuadPart * 1e9 / (double)freq.QuadPart);
#else
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
#endif
}

/* Budget.exhausted: the cancel flag first, then the node limit, then the clock. cancel.is_set() is Python, so
 * the GIL is taken back for that call alone. In the main thread the GIL is also taken back to look for a signal
 * (Ctrl-C, or Jupyter's "interrupt the kernel"), which raises KeyboardInterrupt as it would in the Python
 * engine; without that look a search with no time limit could not be interrupted at all. Returns 1 when the
 * search must stop: e->stopped says why, or e->error is ERR_PYTHON when is_set() or a signal handler raised
 * (the exception stays set in this thread until the GIL is back). */
static int exhausted(Engine *e, long long nodes)
{
    if (e->cancel != NULL || e->main_thread) {
        int set = 0;
        PyEval_RestoreThread(e->thread);
        if (e->main_thread && PyErr_CheckSignals() < 0)
            set = -1;
        if (!set && e->cancel != NULL) {
            PyObject *answer = PyObject_CallMethod(e->cancel, "is_set", NULL);
            set = answer == NULL ? -1 : PyObject_IsTrue(answer);
            Py_XDECREF(answer);
        }
        e->thread = PyEval_SaveThread();
        if (set < 0) {
            e->error = ERR_PYTHON;
            return 1;
        }
        if (set) {
            e->stopped = STOPPED_CANCELLED;
            return 1;
        }
    }
    if (e->node_limit >= 0 && nodes >= e->node_limit) {
        e->stopped = STOPPED_NODES;
        return 1;
    }
    if (e->has_deadline && now_ns() >= e->deadline_ns) {
        e->stopped = STOPPED_TIME;
        return 1;
    }
    return 0;
}

/* Make room for `extra` more items on a stack; -1 when memory runs out (the old block is kept, and freed). */
static int reserve(void **items, size_t *cap, size_t len, size_t extra, size_t size)
{
    if (len + extra <= *cap)
        return 0;
    size_t want = *cap ? *cap : 64;
    while (want < len + extra)
        want *= 2;
    void *grown = realloc(*items, want * size);
    if (!grown)
        return -1;
    *items = grown;
    *cap = want;
    return 0;
}

static int reserve_moves(Engine *e)
{
    return reserve((void **)&e->mv, &e->mv_cap, e->mv_len, MAX_MOVES, sizeof(Move));
}

static int reserve_made(Engine *e)
{
    return reserve((void **)&e->made, &e->made_cap, e->made_len, NCARDS, sizeof(Step));
}

/* The winning line: the root's safe moves, then for each level the move and its safe moves. */
static int build_line(Engine *e, size_t depth, Step last, size_t last_made)
{
    size_t n = e->made_len;  /* every safe move on the path, plus one move per level */
    e->line = malloc(sizeof(Move) * (n + depth + 1));
    if (!e->line)
        return -1;
    size_t k = 0;
    for (size_t d = 0; d <= depth; d++) {
        const Frame *f = &e->frames[d];
        if (d)
            e->line[k++] = f->step.m;
        for (size_t i = f->made_start; i < f->made_end; i++)
            e->line[k++] = e->made[i].m;
    }
    e->line[k++] = last.m;
    for (size_t i = last_made; i < e->made_len; i++)
        e->line[k++] = e->made[i].m;
    e->line_len = k;
    return 0;
}

/* Put a visit on the pending stack; -1 when memory runs out. */
static int push_pending(Engine *e, long long offset, int64_t visit, long long entered)
{
    if (reserve((void **)&e->pending, &e->pending_cap, e->pending_len, 1, sizeof(Pending)) < 0)
        return -1;
    e->pending[e->pending_len].offset = (uint64_t)offset;
    e->pending[e->pending_len].visit = visit;
    e->pending[e->pending_len].entered = entered;
    e->pending_len++;
    return 0;
}

/* search.py: the search of the state numbered `visit` ended, after `nodes` nodes, with nothing open below it, so
 * it and every state visited since that is still pending are lost. */
static void prove_lost(Engine *e, int64_t visit, long long nodes)
{
    uint8_t *arena = e->mem->table.arena;
    for (;;) {
        Pending q = e->pending[--e->pending_len];
        uint8_t *rec = arena + q.offset;
        if (visit_of(rec) >= visit)
            set_visit(rec, proof_mark(nodes - q.entered));
        if (q.visit == visit)
            break;
    }
}

/* search.py's make_room(): the full table thinned, or emptied when the final deadline is nearer than a thinning
 * would take (the last one's time, or THIN_NS_PER_STATE a state before the first: about twice what it was measured
 * to take, 0.13 s for 6,000,000 states). */
#define THIN_NS_PER_STATE 50

static void make_room(Engine *e)
{
    Table *t = &e->mem->table;
    int64_t start = now_ns();
    int64_t expected = e->thin_ns ? e->thin_ns : (int64_t)t->count * THIN_NS_PER_STATE;
    if (e->has_final && start + expected >= e->final_ns) {
        table_empty(t);
    } else {
        table_thin(t, e->table_limit / 2);
        e->thin_ns = now_ns() - start;
    }
    e->clears++;
}

/* search.py: room made in the table, then every (key, cost, visit) of the current path back in, and pending
 * again. */
static int room_to_path(Engine *e, size_t depth)
{
    Table *t = &e->mem->table;
    make_room(e);
    e->pending_len = 0;
    for (size_t d = 0; d <= depth; d++) {
        const Frame *f = &e->frames[d];
        uint64_t h = hash_key(f->key, f->keylen);
        uint8_t *rec = table_find(t, f->key, f->keylen, h);
        long long offset;
        if (rec == NULL) {
            offset = table_insert(t, f->key, f->keylen, h, f->p, f->used, f->visit, e->table_limit);
            if (offset < 0)
                return -1;
        } else {
            set_cost(rec, f->p, f->used);
            set_visit(rec, f->visit);
            offset = (long long)(rec - t->arena);
        }
        if (push_pending(e, offset, f->visit, f->entered) < 0)
            return -1;
    }
    return 0;
}

/* depth_first, step for step. Runs without the GIL. */
static void search(Engine *e)
{
    const Rules *r = &e->rules;
    State *s = &e->state;
    uint8_t key[KEY_ROOM];

    Table *t = &e->mem->table;
    e->verdict = VERDICT_UNWINNABLE;
    /* search.py starts its stats at one state, the root, even when it returns at once, or at the memory's. */
    e->peak = t->count > 1 ? t->count : 1;
    if (reserve_made(e) < 0 || reserve((void **)&e->frames, &e->frames_cap, 0, 64, sizeof(Frame)) < 0) {
        e->error = ERR_NOMEM;
        return;
    }
    Frame *root = &e->frames[0];
    root->made_start = 0;
    e->made_len = (size_t)settle(r, s, NULL, e->made);
    root->made_end = e->made_len;
    if (won(s)) {
        e->verdict = VERDICT_WINNABLE;
        e->line = malloc(sizeof(Move) * (e->made_len + 1));
        if (!e->line) {
            e->error = ERR_NOMEM;
            return;
        }
        for (size_t i = 0; i < e->made_len; i++)
            e->line[i] = e->made[i].m;
        e->line_len = e->made_len;
        return;
    }
    if (exhausted(e, 0)) {
        e->verdict = VERDICT_UNKNOWN;
        return;
    }
    int p, used;
    root->keylen = (uint8_t)make_key(r, s, root->key);
    cost_of(r, s, &p, &used);
    root->p = (uint8_t)p;
    root->used = (uint8_t)used;
    /* Visits numbered below `first` are earlier searches'. */
    const int64_t first = e->mem->next_visit;
    uint64_t root_hash = hash_key(root->key, root->keylen);
    uint8_t *root_rec = table_find(t, root->key, root->keylen, root_hash);
    if (root_rec != NULL && visit_of(root_rec) < 0 && dominated(root_rec, p, used))
        return;  /* proved lost by an earlier search */
    if (root_rec == NULL && t->count >= e->table_limit)
        make_room(e);
    long long root_offset;
    if (root_rec != NULL) {
        set_cost(root_rec, p, used);
        set_visit(root_rec, first);
        root_offset = (long long)(root_rec - t->arena);
    } else {
        root_offset = table_insert(t, root->key, root->keylen, root_hash, p, used, first, e->table_limit);
    }
    e->mem->next_visit = first + 1;
    if (t->count > e->peak)
        e->peak = t->count;
    root->visit = root->low = first;
    root->entered = 0;
    if (root_offset < 0 || push_pending(e, root_offset, first, 0) < 0 || reserve_moves(e) < 0) {
        e->error = ERR_NOMEM;
        return;
    }
    root->mv_start = root->cursor = 0;
    root->mv_end = e->mv_len = (size_t)generate_moves(r, s, e->mv, &e->rng, 1);

    long long nodes = 0;
    long long next_check = CHECK_EVERY;
    if (e->node_limit >= 0 && e->node_limit < next_check)
        next_check = e->node_limit;
    size_t depth = 0;
    for (;;) {
        Frame *f = &e->frames[depth];
        if (f->cursor == f->mv_end) {
            /* Every move of this state tried: back up one level. */
            e->mv_len = f->mv_start;
            if (f->low == f->visit)
                prove_lost(e, f->visit, nodes);
            else if (depth > 0 && f->low < e->frames[depth - 1].low)
                e->frames[depth - 1].low = f->low;
            if (depth == 0)
                break;
            takeback(s, e->made + f->made_start, f->made_end - f->made_start);
            unmake(s, f->step.m, f->step.undo);
            e->made_len = f->made_start;
            depth--;
            continue;
        }
        Step step;
        step.m = e->mv[f->cursor++];
        step.undo = make(s, step.m);
        size_t made_start = e->made_len;
        if (reserve_made(e) < 0) {
            e->error = ERR_NOMEM;
            break;
        }
        e->made_len += (size_t)settle(r, s, &step.m, e->made + made_start);
        nodes++;
        if (nodes >= next_check) {
            if (exhausted(e, nodes)) {
                e->verdict = VERDICT_UNKNOWN;
                break;
            }
            next_check += CHECK_EVERY;
            if (e->node_limit >= 0 && e->node_limit < next_check)
                next_check = e->node_limit;
        }
        if (won(s)) {
            e->verdict = VERDICT_WINNABLE;
            if (build_line(e, depth, step, made_start) < 0)
                e->error = ERR_NOMEM;
            break;
        }
        int n = make_key(r, s, key);
        cost_of(r, s, &p, &used);
        uint64_t h = hash_key(key, n);
        uint8_t *rec = table_find(t, key, n, h);
        if (rec != NULL && dominated(rec, p, used)) {
            int64_t seen = visit_of(rec);
            /* Proved lost, or seen in this search, at no greater cost: nothing new down here. A state another
             * search left unproved is as good as unseen. */
            if (seen < 0 || seen >= first) {
                if (seen >= 0 && seen < f->low)
                    f->low = seen;
                takeback(s, e->made + made_start, e->made_len - made_start);
                unmake(s, step.m, step.undo);
                e->made_len = made_start;
                continue;
            }
        }
        if (rec == NULL && t->count >= e->table_limit) {
            if (room_to_path(e, depth) < 0) {
                e->error = ERR_NOMEM;
                break;
            }
        }
        int64_t visit = e->mem->next_visit++;
        long long offset;
        if (rec != NULL) {
            set_cost(rec, p, used);
            set_visit(rec, visit);
            offset = (long long)(rec - t->arena);
        } else {
            offset = table_insert(t, key, n, h, p, used, visit, e->table_limit);
        }
        if (offset < 0 || push_pending(e, offset, visit, nodes) < 0) {
            e->error = ERR_NOMEM;
            break;
        }
        if (t->count > e->peak)
            e->peak = t->count;
        /* A new level: the move stays on the path and this state's moves are generated. */
        if (reserve((void **)&e->frames, &e->frames_cap, depth + 1, 1, sizeof(Frame)) < 0 || reserve_moves(e) < 0) {
            e->error = ERR_NOMEM;
            break;
        }
        depth++;
        f = &e->frames[depth];
        f->step = step;
        f->made_start = made_start;
        f->made_end = e->made_len;
        f->visit = f->low = visit;
        f->entered = nodes;
        f->keylen = (uint8_t)n;
        memcpy(f->key, key, (size_t)n);
        f->p = (uint8_t)p;
        f->used = (uint8_t)used;
        f->mv_start = f->cursor = e->mv_len;
        e->mv_len += (size_t)generate_moves(r, s, e->mv + e->mv_len, &e->rng,
                                               step.m.kind == STOCK && !redeal_left(r, s));
        f->mv_end = e->mv_len;
    }
    e->nodes = nodes;
}

/* ------------------------------------------------------------------------------------------------------------ */
/* The Python entry point                                                                                        */
/* ------------------------------------------------------------------------------------------------------------ */

static void engine_free(Engine *e)
{
    if (e->mem == &e->own)
        table_free(&e->own.table);
    else if (e->mem != NULL)
        e->mem->busy = 0;
    free(e->pending);
    free(e->mv);
    free(e->made);
    free(e->frames);
    free(e->line);
    PyMem_RawFree(e);
}

/* module.function(), a new reference, or NULL with an exception. */
static PyObject *call_in_module(const char *module, const char *function)
{
    PyObject *imported = PyImport_ImportModule(module);
    if (!imported)
        return NULL;
    PyObject *result = PyObject_CallMethod(imported, function, NULL);
    Py_DECREF(imported);
    return result;
}

/* 1 in Python's main thread (threading.main_thread()), 0 elsewhere, -1 with an exception. */
static int in_main_thread(void)
{
    PyObject *main = call_in_module("threading", "main_thread");
    if (!main)
        return -1;
    PyObject *ident = PyObject_GetAttrString(main, "ident");
    Py_DECREF(main);
    if (!ident)
        return -1;
    unsigned long value = PyLong_AsUnsignedLong(ident);
    Py_DECREF(ident);
    if (value == (unsigned long)-1 && PyErr_Occurred())
        return -1;
    return value == PyThread_get_thread_ident();
}

/* An int from a Python object within [lo, hi], or -1 with ValueError naming `what`. */
static int read_int(PyObject *obj, long lo, long hi, const char *what, long *out)
{
    long v = PyLong_AsLong(obj);
    if (v == -1 && PyErr_Occurred()) {
        if (PyErr_ExceptionMatches(PyExc_OverflowError) || PyErr_ExceptionMatches(PyExc_TypeError)) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "%s must be a whole number from %ld to %ld", what, lo, hi);
        }
        return -1;
    }
    if (v < lo || v > hi) {
        PyErr_Format(PyExc_ValueError, "%s must be a whole number from %ld to %ld, not %ld", what, lo, hi, v);
        return -1;
    }
    *out = v;
    return 0;
}

/* KlondikeState.guide: 52 bit masks, one per card, of the places (bits 0 to ONTO_EMPTY) moves go first. */
static int read_guide(PyObject *obj, Rules *r)
{
    if (!PySequence_Check(obj)) {
        PyErr_SetString(PyExc_ValueError, "guide must be None or a sequence of 52 bit masks");
        return -1;
    }
    PyObject *masks = PySequence_Fast(obj, "guide must be None or a sequence of 52 bit masks");
    if (!masks)
        return -1;
    if (PySequence_Fast_GET_SIZE(masks) != NCARDS) {
        PyErr_SetString(PyExc_ValueError, "guide must hold 52 bit masks, one per card");
        Py_DECREF(masks);
        return -1;
    }
    for (int card = 0; card < NCARDS; card++) {
        PyObject *item = PySequence_Fast_GET_ITEM(masks, card);
        unsigned long long mask = PyLong_Check(item) ? PyLong_AsUnsignedLongLong(item) : (unsigned long long)-1;
        if (PyErr_Occurred() || mask >> (ONTO_EMPTY + 1)) {
            PyErr_Clear();
            PyErr_SetString(PyExc_ValueError, "each of guide's masks must be a whole number below 2**54");
            Py_DECREF(masks);
            return -1;
        }
        r->guide[card] = mask;
    }
    Py_DECREF(masks);
    r->guided = 1;
    return 0;
}

/* A non-negative limit, None (-1) or, when larger than fits, the largest value (no search gets there). */
static int read_limit(PyObject *obj, const char *what, long long *out)
{
    if (obj == Py_None) {
        *out = -1;
        return 0;
    }
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(obj, &overflow);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (overflow > 0)
        v = LLONG_MAX;
    if (overflow < 0 || v < 0) {
        PyErr_Format(PyExc_ValueError, "%s must be zero or more", what);
        return -1;
    }
    *out = v;
    return 0;
}

/* Copy a sequence of card numbers into out (at most `room`); each in [0, NCARDS) or, when face_down_ok, face
 * down too. Each card is marked in *seen, and a card seen twice is a ValueError. */
static int read_cards(PyObject *seq_obj, uint8_t *out, int room, int face_down_ok, uint64_t *seen,
                      const char *what, int *count)
{
    PyObject *seq = PySequence_Fast(seq_obj, what);
    if (!seq)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > room) {
        PyErr_Format(PyExc_ValueError, "%s holds more cards than the deck has", what);
        Py_DECREF(seq);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v;
        if (read_int(PySequence_Fast_GET_ITEM(seq, i), 0, face_down_ok ? DOWN + NCARDS - 1 : NCARDS - 1, what,
                     &v) < 0) {
            Py_DECREF(seq);
            return -1;
        }
        int card = (int)(v >= DOWN ? v - DOWN : v);
        if (card >= NCARDS || (*seen & BIT(card))) {
            PyErr_Format(PyExc_ValueError, "%s: card number %ld is not a card, or is there twice", what, v);
            Py_DECREF(seq);
            return -1;
        }
        *seen |= BIT(card);
        out[i] = (uint8_t)v;
    }
    *count = (int)n;
    Py_DECREF(seq);
    return 0;
}

static PyObject *move_tuple(Move m)
{
    switch (m.kind) {
    case T2T:
        return Py_BuildValue("(iiii)", T2T, m.a, m.b, m.c);
    case T2F:
        return Py_BuildValue("(ii)", T2F, m.a);
    case STOCK:
        return Py_BuildValue("(iiNi)", STOCK, m.a, PyBool_FromLong(m.b), m.c);
    default:
        return Py_BuildValue("(iii)", F2T, m.a, m.b);
    }
}

static PyObject *result_of(Engine *e)
{
    static const char *verdicts[] = {"unwinnable", "winnable", "unknown"};
    static const char *stops[] = {NULL, "cancelled", "nodes", "time"};
    PyObject *line = PyList_New((Py_ssize_t)e->line_len);
    if (!line)
        return NULL;
    for (size_t i = 0; i < e->line_len; i++) {
        PyObject *move = move_tuple(e->line[i]);
        if (!move) {
            Py_DECREF(line);
            return NULL;
        }
        PyList_SET_ITEM(line, (Py_ssize_t)i, move);
    }
    /* Keys in search.py's order: nodes, peak_table, table_clears, then stopped_by for an "unknown". */
    PyObject *stats = Py_BuildValue("{s:L,s:n,s:n}", "nodes", e->nodes, "peak_table", (Py_ssize_t)e->peak,
                                    "table_clears", (Py_ssize_t)e->clears);
    if (stats && e->stopped != STOPPED_NONE) {
        PyObject *why = PyUnicode_FromString(stops[e->stopped]);
        if (!why || PyDict_SetItemString(stats, "stopped_by", why) < 0)
            Py_CLEAR(stats);
        Py_XDECREF(why);
    }
    if (!stats) {
        Py_DECREF(line);
        return NULL;
    }
    return Py_BuildValue("(sNN)", verdicts[e->verdict], line, stats);
}

#define MEMORY_CAPSULE "solitaire_widget.solver._klondike_core.Memory"

static void memory_destroy(PyObject *capsule)
{
    Memory *m = PyCapsule_GetPointer(capsule, MEMORY_CAPSULE);
    if (m != NULL) {
        table_free(&m->table);
        PyMem_RawFree(m);
    }
}

/* The Memory a capsule from py_memory holds, or NULL with ValueError. */
static Memory *memory_of(PyObject *obj)
{
    if (!PyCapsule_IsValid(obj, MEMORY_CAPSULE)) {
        PyErr_SetString(PyExc_ValueError, "memory must be None or what _klondike_core.memory() returns");
        return NULL;
    }
    return PyCapsule_GetPointer(obj, MEMORY_CAPSULE);
}

PyDoc_STRVAR(memory_doc,
"memory() -> an empty search memory, to pass to several searches of one position (solver.search.Memory).");

static PyObject *py_memory(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    Memory *m = PyMem_RawCalloc(1, sizeof(Memory));
    if (m == NULL)
        return PyErr_NoMemory();
    if (table_init(&m->table) < 0) {
        table_free(&m->table);
        PyMem_RawFree(m);
        return PyErr_NoMemory();
    }
    PyObject *capsule = PyCapsule_New(m, MEMORY_CAPSULE, memory_destroy);
    if (capsule == NULL) {
        table_free(&m->table);
        PyMem_RawFree(m);
    }
    return capsule;
}

PyDoc_STRVAR(memory_info_doc,
"memory_info(memory) -> {'states': ..., 'proved': ..., 'next_visit': ..., 'slots': ...}: as\n"
"solver.search.Memory.info(), and how many slots the table has (it keeps them when it is thinned).");

static PyObject *py_memory_info(PyObject *self, PyObject *obj)
{
    (void)self;
    Memory *m = memory_of(obj);
    if (m == NULL)
        return NULL;
    Py_ssize_t proved = 0;
    for (size_t i = 0; i <= m->table.mask; i++) {
        uint64_t slot = m->table.slots[i];
        if (slot && visit_of(m->table.arena + (slot & OFFSET_MASK) - 1) < 0)
            proved++;
    }
    return Py_BuildValue("{s:n,s:n,s:L,s:n}", "states", (Py_ssize_t)m->table.count, "proved", proved,
                         "next_visit", (long long)m->next_visit, "slots", (Py_ssize_t)(m->table.mask + 1));
}

PyDoc_STRVAR(search_doc,
"search(columns, found, talon, pos, redeals_used, draw, redeals, alternate, king_only, rearrange_first,\n"
"       perturb, node_limit, deadline, cancel, table_limit, guide=None, memory=None, final_deadline=None)\n"
"       -> (verdict, line, stats)\n"
"\n"
"Run solver.search.depth_first over the KlondikeState these fields describe (columns bottom to top with DOWN\n"
"added to face-down cards, foundation ranks per suit, talon, pos, redeals used, the rules, and the perturb\n"
"seed of its move order, 0 for none, and its guide, None or 52 bit masks), with the budget\n"
"of solver.budget.Budget: node_limit (int or None), deadline (a time.perf_counter() reading or None) and\n"
"cancel (an object with is_set(), or None), and final_deadline (Budget.final: the deadline of the whole solve,\n"
"by which thinning the table must end, or None); the table holds at most table_limit states before it is thinned.\n"
"memory: None, or a memory() shared with earlier searches of the same position (the caller checks that).\n"
"Returns what depth_first returns: the verdict, the internal line (KlondikeState move tuples) and the stats\n"
"(nodes, peak_table, table_clears and, when stopped, stopped_by). The GIL is released while it runs.");

/* A deadline on time.perf_counter's clock (a number, or None for none), moved onto this module's clock by reading
 * both now. -1 with an exception set when it is not a number. */
static int read_deadline(PyObject *obj, int *has, int64_t *ns)
{
    *has = 0;
    if (obj == Py_None)
        return 0;
    double when = PyFloat_AsDouble(obj);
    if (when == -1.0 && PyErr_Occurred())
        return -1;
    PyObject *now_obj = call_in_module("time", "perf_counter");
    if (!now_obj)
        return -1;
    double now = PyFloat_AsDouble(now_obj);
    Py_DECREF(now_obj);
    if (now == -1.0 && PyErr_Occurred())
        return -1;
    double left = when - now;
    if (left > 1e9)  /* some thirty years: no deadline in practice, and no overflow */
        left = 1e9;
    *has = 1;
    *ns = now_ns() + (int64_t)(left * 1e9);
    return 0;
}

static PyObject *py_search(PyObject *self, PyObject *args, PyObject *kwargs)
{
    static char *names[] = {"columns", "found", "talon", "pos", "redeals_used", "draw", "redeals", "alternate",
                            "king_only", "rearrange_first", "perturb", "node_limit", "deadline", "cancel",
                            "table_limit", "guide", "memory", "final_deadline", NULL};
    PyObject *columns, *found, *talon, *perturb_seed, *node_limit, *deadline, *cancel, *table_limit;
    PyObject *guide = Py_None, *memory = Py_None, *final_deadline = Py_None;
    long pos, redeals_used, draw, redeals;
    int alternate, king_only, rearrange_first;
    (void)self;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOOllllpppOOOOO|OOO:search", names, &columns, &found, &talon,
                                     &pos, &redeals_used, &draw, &redeals, &alternate, &king_only,
                                     &rearrange_first, &perturb_seed, &node_limit, &deadline, &cancel,
                                     &table_limit, &guide, &memory, &final_deadline))
        return NULL;

    Engine *e = PyMem_RawCalloc(1, sizeof(Engine));
    if (!e)
        return PyErr_NoMemory();
    State *s = &e->state;
    uint64_t seen = 0;
    int count;

    /* The state, checked so that no input can make the search read or write out of bounds. */
    PyObject *cols = PySequence_Fast(columns, "columns must be a sequence of columns");
    if (!cols)
        goto fail;
    Py_ssize_t ncols = PySequence_Fast_GET_SIZE(cols);
    if (ncols < 1 || ncols > MAX_COLS) {
        PyErr_Format(PyExc_ValueError, "there must be 1 to %d columns", MAX_COLS);
        Py_DECREF(cols);
        goto fail;
    }
    for (Py_ssize_t c = 0; c < ncols; c++) {
        if (read_cards(PySequence_Fast_GET_ITEM(cols, c), s->cols[c], NCARDS, 1, &seen, "a column", &count) < 0) {
            Py_DECREF(cols);
            goto fail;
        }
        s->len[c] = (uint8_t)count;
        if (count && s->cols[c][count - 1] >= DOWN) {
            PyErr_SetString(PyExc_ValueError, "a column has a face-down card on top");
            Py_DECREF(cols);
            goto fail;
        }
    }
    Py_DECREF(cols);
    PyObject *ranks = PySequence_Fast(found, "found must be a sequence of four ranks");
    if (!ranks)
        goto fail;
    if (PySequence_Fast_GET_SIZE(ranks) != 4) {
        PyErr_SetString(PyExc_ValueError, "found must hold four ranks, one per suit");
        Py_DECREF(ranks);
        goto fail;
    }
    for (int suit = 0; suit < 4; suit++) {
        long rank;
        if (read_int(PySequence_Fast_GET_ITEM(ranks, suit), 0, 13, "a foundation rank", &rank) < 0) {
            Py_DECREF(ranks);
            goto fail;
        }
        s->found[suit] = (uint8_t)rank;
        uint64_t up = (BIT(rank) - 1) << (suit * 13);
        if (seen & up) {
            PyErr_SetString(PyExc_ValueError, "a card is both on its foundation and elsewhere");
            Py_DECREF(ranks);
            goto fail;
        }
        seen |= up;
    }
    Py_DECREF(ranks);
    if (read_cards(talon, s->talon, NCARDS, 0, &seen, "the talon", &count) < 0)
        goto fail;
    s->talon_len = count;
    if (seen != BIT(NCARDS) - 1) {
        PyErr_SetString(PyExc_ValueError, "the columns, foundations and talon must hold every card once");
        goto fail;
    }
    if (pos < 0 || pos > s->talon_len || draw < 1 || draw > NCARDS || redeals < -1 || redeals > 255
        || redeals_used < 0 || (redeals >= 0 && redeals_used > 255)) {
        PyErr_SetString(PyExc_ValueError, "pos, draw, redeals or redeals_used out of range");
        goto fail;
    }
    s->pos = (int)pos;
    s->redeals_used = redeals_used;
    init_rules(&e->rules, (int)ncols, (int)draw, (int)redeals, alternate, king_only, rearrange_first);
    if (guide != Py_None && read_guide(guide, &e->rules) < 0)
        goto fail;

    /* KlondikeState's _rng: the seed, any whole number, times _GOLDEN modulo 2**64. */
    if (!PyLong_Check(perturb_seed)) {
        PyErr_SetString(PyExc_ValueError, "perturb must be a whole number");
        goto fail;
    }
    e->rng = (uint64_t)PyLong_AsUnsignedLongLongMask(perturb_seed) * 0x9E3779B97F4A7C15ULL;
    if (PyErr_Occurred())
        goto fail;

    /* The budget. The deadline is on time.perf_counter's clock; it is moved onto this module's clock by
     * reading both now. */
    if (read_limit(node_limit, "node_limit", &e->node_limit) < 0)
        goto fail;
    long long tl;
    if (read_limit(table_limit, "table_limit", &tl) < 0)
        goto fail;
    if (tl < 1) {
        PyErr_SetString(PyExc_ValueError, "table_limit must be at least 1");
        goto fail;
    }
    e->table_limit = (unsigned long long)tl > (unsigned long long)SIZE_MAX ? SIZE_MAX : (size_t)tl;
    if (read_deadline(deadline, &e->has_deadline, &e->deadline_ns) < 0
        || read_deadline(final_deadline, &e->has_final, &e->final_ns) < 0)
        goto fail;
    if (cancel != Py_None)
        e->cancel = cancel;
    e->main_thread = in_main_thread();
    if (e->main_thread < 0)
        goto fail;

    if (memory == Py_None) {
        if (table_init(&e->own.table) < 0) {
            PyErr_NoMemory();
            goto fail;
        }
        e->mem = &e->own;
    } else {
        Memory *held = memory_of(memory);
        if (held == NULL)
            goto fail;
        if (held->busy) {
            PyErr_SetString(PyExc_RuntimeError, "this search memory is in use by another search");
            goto fail;
        }
        held->busy = 1;
        e->mem = held;
    }

    Py_INCREF(cancel);  /* kept alive while the GIL is released, whatever the caller does */
    e->thread = PyEval_SaveThread();
    search(e);
    PyEval_RestoreThread(e->thread);
    Py_DECREF(cancel);

    PyObject *result = NULL;
    if (e->error == ERR_NOMEM)
        PyErr_NoMemory();
    else if (e->error == ERR_NONE)
        result = result_of(e);
    /* ERR_PYTHON: the exception cancel.is_set() raised is set already. */
    engine_free(e);
    return result;

fail:
    engine_free(e);
    return NULL;
}

static PyMethodDef methods[] = {
    {"search", (PyCFunction)(void (*)(void))py_search, METH_VARARGS | METH_KEYWORDS, search_doc},
    {"memory", py_memory, METH_NOARGS, memory_doc},
    {"memory_info", py_memory_info, METH_O, memory_info_doc},
    {NULL, NULL, 0, NULL},
};

PyDoc_STRVAR(module_doc,
"The Klondike-family solver's search, compiled: an exact mirror of solver/klondike.py's KlondikeState and\n"
"solver/search.py's depth_first (same moves, same order, same pruning, same table), only faster.\n"
"solver/compiled.py decides when it is used.");

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "solitaire_widget.solver._klondike_core", module_doc, 0, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__klondike_core(void)
{
    PyObject *m = PyModule_Create(&module);
    if (m && (PyModule_AddIntConstant(m, "CHECK_EVERY", CHECK_EVERY) < 0
              || PyModule_AddIntConstant(m, "DOWN", DOWN) < 0)) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

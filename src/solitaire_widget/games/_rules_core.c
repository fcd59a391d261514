/* The optional compiled fast path of the rules model: legal-move generation for both engines.
 *
 * games/klondike.py and games/camelot.py are the rules, and stay the reference: this module computes exactly the
 * lists of legal moves their Python `legal_moves()` computes, in the same order, from the same state (the engines'
 * own Python lists of card numbers), and answers the same interned Move objects, taken from the tables the Python
 * code built. tests/rules/test_fast_path.py checks the two, move for move, over random games of every variant and
 * option. The engines call it when it is built and not switched off (SOLITAIRE_RULES=python); the package works
 * the same without it.
 *
 * Why C here: random play through the public API spends three quarters of its time listing legal moves, a loop
 * over every card of every column's top run that Python runs some ten times slower than C.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define DOWN 64
#define STOCK 0
#define WASTE 1
#define FOUNDATION0 2
#define TABLEAU0 6
#define MAX_PILES 13
#define KING 13

static inline int rank_of(long card) { return (int)(card % 13) + 1; }

/* moves[s][d][n]: the interned Move for n cards from pile s to pile d (a list of lists of lists). */
static inline int append_move(PyObject *out, PyObject *moves, Py_ssize_t s, Py_ssize_t d, Py_ssize_t n)
{
    if (n < 1 || n > 13) { /* no built run is longer than Ace to King */
        PyErr_SetString(PyExc_ValueError, "klondike_legal: a group of more than 13 cards");
        return -1;
    }
    PyObject *row = PyList_GET_ITEM(PyList_GET_ITEM(moves, s), d);
    return PyList_Append(out, PyList_GET_ITEM(row, n));
}

/* klondike_legal(piles, columns, fits, any_empty, can_redeal, moves, deal, redeal) -> list of Moves.
 *
 * piles: the engine's list of piles (stock, waste, f1..f4, t1..); fits: bytes, fits[a * 52 + b] is 1 when card a
 * may be built on card b in the tableau; any_empty: any card may fill an empty column (else only a King); the
 * order is KlondikeEngine.legal_moves()'s, step for step. */
static PyObject *klondike_legal(PyObject *self, PyObject *args)
{
    PyObject *piles, *moves, *deal, *redeal;
    Py_buffer fits_buffer;
    int columns, any_empty, can_redeal;
    if (!PyArg_ParseTuple(args, "O!iy*ppO!OO", &PyList_Type, &piles, &columns, &fits_buffer, &any_empty,
                          &can_redeal, &PyList_Type, &moves, &deal, &redeal))
        return NULL;
    const unsigned char *fits = fits_buffer.buf;
    PyObject *out = NULL;
    Py_ssize_t last = TABLEAU0 + columns;
    if (fits_buffer.len != 52 * 52 || columns < 1 || columns > 7 || PyList_GET_SIZE(piles) < last) {
        PyErr_SetString(PyExc_ValueError, "klondike_legal: inconsistent engine state");
        goto done;
    }
    long top[MAX_PILES];      /* each pile's top card, or -1 when empty */
    Py_ssize_t size[MAX_PILES];
    PyObject *pile_of[MAX_PILES];
    for (Py_ssize_t p = 0; p < last; p++) {
        PyObject *pile = PyList_GET_ITEM(piles, p);
        if (!PyList_Check(pile)) {
            PyErr_SetString(PyExc_ValueError, "klondike_legal: a pile is not a list");
            goto done;
        }
        pile_of[p] = pile;
        size[p] = PyList_GET_SIZE(pile);
        top[p] = size[p] ? PyLong_AsLong(PyList_GET_ITEM(pile, size[p] - 1)) : -1;
    }
    if (PyErr_Occurred())
        goto done;
    out = PyList_New(0);
    if (!out)
        goto done;

    /* The foundations: what goes next on each, and the first empty one (an Ace goes there). */
    int first_empty = -1;
    long next_on[4];
    for (int f = 0; f < 4; f++) {
        long t = top[FOUNDATION0 + f];
        next_on[f] = t >= 0 ? t + 1 : -2;
        if (t < 0 && first_empty < 0)
            first_empty = FOUNDATION0 + f;
    }
    /* The columns' tops, sorted by card (the order in which the Python code lists where a card fits), and the empty
     * columns in order. */
    long tops[7];
    int top_col[7], ntops = 0, empties[7], nempty = 0;
    for (Py_ssize_t d = TABLEAU0; d < last; d++) {
        if (top[d] < 0) {
            empties[nempty++] = (int)d;
            continue;
        }
        int i = ntops++;
        while (i > 0 && tops[i - 1] > top[d]) {
            tops[i] = tops[i - 1];
            top_col[i] = top_col[i - 1];
            i--;
        }
        tops[i] = top[d];
        top_col[i] = (int)d;
    }

    /* Up to the foundations: the waste's top card, then each column's. */
    for (Py_ssize_t s = WASTE; s < last; s++) {
        if (s > WASTE && s < TABLEAU0)
            continue;
        long card = top[s];
        if (card < 0 || card >= DOWN)
            continue;
        int f = -1;
        if (rank_of(card) == 1) {
            f = first_empty;
        } else {
            for (int k = 0; k < 4; k++)
                if (next_on[k] == card) {
                    f = FOUNDATION0 + k;
                    break;
                }
        }
        if (f >= 0 && append_move(out, moves, s, f, 1) < 0)
            goto fail;
    }

    /* Within the tableau: every card of the built run on top of a column, onto every column it fits. */
    for (Py_ssize_t s = TABLEAU0; s < last; s++) {
        Py_ssize_t n = size[s];
        if (!n)
            continue;
        PyObject *column = pile_of[s];
        long cards[52 + 1];
        if (n > 52) {
            PyErr_SetString(PyExc_ValueError, "klondike_legal: a column holds more than 52 cards");
            goto fail;
        }
        for (Py_ssize_t i = 0; i < n; i++)
            cards[i] = PyLong_AsLong(PyList_GET_ITEM(column, i));
        if (PyErr_Occurred())
            goto fail;
        Py_ssize_t start = n - 1;
        while (start > 0) {
            long below = cards[start - 1];
            if (below >= DOWN || !fits[cards[start] * 52 + below])
                break;
            start--;
        }
        for (Py_ssize_t i = start; i < n; i++) {
            long card = cards[i];
            for (int k = 0; k < ntops; k++)
                if (fits[card * 52 + tops[k]] && append_move(out, moves, s, top_col[k], n - i) < 0)
                    goto fail;
        }
        if (nempty) {
            if (any_empty) {
                for (int e = 0; e < nempty; e++)
                    for (Py_ssize_t i = start ? start : 1; i < n; i++)
                        if (append_move(out, moves, s, empties[e], n - i) < 0)
                            goto fail;
            } else if (start > 0 && rank_of(cards[start]) == KING) {
                for (int e = 0; e < nempty; e++)
                    if (append_move(out, moves, s, empties[e], n - start) < 0)
                        goto fail;
            }
        }
    }

    /* From the waste, then down from the foundations. */
    for (Py_ssize_t s = WASTE; s < TABLEAU0; s++) {
        long card = top[s];
        if (card < 0)
            continue;
        for (int k = 0; k < ntops; k++)
            if (fits[card * 52 + tops[k]] && append_move(out, moves, s, top_col[k], 1) < 0)
                goto fail;
        if (nempty && (any_empty || rank_of(card) == KING))
            for (int e = 0; e < nempty; e++)
                if (append_move(out, moves, s, empties[e], 1) < 0)
                    goto fail;
    }

    /* The stock. */
    if (size[STOCK]) {
        if (PyList_Append(out, deal) < 0)
            goto fail;
    } else if (size[WASTE] && can_redeal) {
        if (PyList_Append(out, redeal) < 0)
            goto fail;
    }
    goto done;
fail:
    Py_CLEAR(out);
done:
    PyBuffer_Release(&fits_buffer);
    return out;
}

/* camelot_legal(grid, waste_top, phase_remove, stock_left, places, remove_one, remove_two, deal) -> list of Moves.
 *
 * grid: the 16 cells (a card, or -1 when empty); waste_top: the waste's card or -1; places[card]: the tuple of
 * Moves placing that card in each cell it may go (Python filters the empty ones below); remove_one[i],
 * remove_two[i * 16 + j]: the removal Moves. The order is CamelotEngine.legal_moves()'s. */
static PyObject *camelot_legal(PyObject *self, PyObject *args)
{
    PyObject *grid, *allowed, *place, *remove_one, *remove_two, *deal;
    long waste_top;
    int removing, stock_left;
    if (!PyArg_ParseTuple(args, "O!lppO!O!O!O!O", &PyList_Type, &grid, &waste_top, &removing, &stock_left,
                          &PyTuple_Type, &allowed, &PyTuple_Type, &place, &PyTuple_Type, &remove_one, &PyTuple_Type,
                          &remove_two, &deal))
        return NULL;
    if (PyList_GET_SIZE(grid) != 16 || PyTuple_GET_SIZE(allowed) != 52 || PyTuple_GET_SIZE(place) != 16
        || PyTuple_GET_SIZE(remove_one) != 16 || PyTuple_GET_SIZE(remove_two) != 256) {
        PyErr_SetString(PyExc_ValueError, "camelot_legal: inconsistent engine state");
        return NULL;
    }
    long cells[16];
    int empty = 0;
    for (int i = 0; i < 16; i++) {
        cells[i] = PyLong_AsLong(PyList_GET_ITEM(grid, i));
        empty += cells[i] < 0;
    }
    if (PyErr_Occurred())
        return NULL;
    PyObject *out = PyList_New(0);
    if (!out)
        return NULL;
    if (waste_top >= 0) {
        if (waste_top >= 52) {
            PyErr_SetString(PyExc_ValueError, "camelot_legal: the waste card is not a card");
            goto fail;
        }
        PyObject *cells_for = PyTuple_GET_ITEM(allowed, waste_top);
        for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(cells_for); k++) {
            long cell = PyLong_AsLong(PyTuple_GET_ITEM(cells_for, k));
            if (cell < 0 || cell > 15) {
                PyErr_SetString(PyExc_ValueError, "camelot_legal: a cell out of range");
                goto fail;
            }
            if (cells[cell] < 0 && PyList_Append(out, PyTuple_GET_ITEM(place, cell)) < 0)
                goto fail;
        }
        return out;
    }
    if (removing) {
        int values[16];
        for (int i = 0; i < 16; i++) {
            int rank = cells[i] >= 0 ? rank_of(cells[i]) : 0;
            values[i] = rank <= 10 ? rank : 0;
        }
        for (int i = 0; i < 16; i++)
            if (values[i] == 10 && PyList_Append(out, PyTuple_GET_ITEM(remove_one, i)) < 0)
                goto fail;
        for (int i = 0; i < 16; i++) {
            int vi = values[i];
            if (vi <= 0 || vi >= 10)
                continue;
            for (int j = i + 1; j < 16; j++)
                if (values[j] && values[j] + vi == 10 && PyList_Append(out, PyTuple_GET_ITEM(remove_two, i * 16 + j)) < 0)
                    goto fail;
        }
    }
    if (stock_left && empty && PyList_Append(out, deal) < 0)
        goto fail;
    return out;
fail:
    Py_DECREF(out);
    return NULL;
}

/* deal_order(deal) -> list: the 52 cards of deal number `deal` in dealing order, exactly as deals.shuffled_deck
 * computes it: MT19937 seeded as GLib's g_rand_new_with_seed, numbers drawn as g_rand_int_range, Aisleriot's
 * shuffle. Written here too because a deal costs more in Python than a whole Camelot game's moves. */
static PyObject *deal_order(PyObject *self, PyObject *args)
{
    unsigned long long deal;
    if (!PyArg_ParseTuple(args, "K", &deal))
        return NULL;
    if (deal > 0xFFFFFFFFULL) {
        PyErr_SetString(PyExc_ValueError, "deal_order: a deal number is below 2**32");
        return NULL;
    }
    uint32_t mt[624];
    int index = 624;
    mt[0] = (uint32_t)deal;
    for (int i = 1; i < 624; i++)
        mt[i] = 1812433253U * (mt[i - 1] ^ (mt[i - 1] >> 30)) + (uint32_t)i;
    int deck[52], pile[52];
    for (int i = 0; i < 52; i++)
        deck[i] = i;
    for (int i = 0; i < 52; i++) {
        uint32_t n = (uint32_t)(52 - i);
        uint32_t leftover = (0x80000000U % n) * 2;
        if (leftover >= n)
            leftover -= n;
        uint32_t maxvalue = 0xFFFFFFFFU - leftover, value;
        do {
            if (index >= 624) {
                for (int k = 0; k < 624; k++) {
                    uint32_t y = (mt[k] & 0x80000000U) | (mt[(k + 1) % 624] & 0x7FFFFFFFU);
                    uint32_t v = mt[(k + 397) % 624] ^ (y >> 1);
                    if (y & 1)
                        v ^= 0x9908B0DFU;
                    mt[k] = v;
                }
                index = 0;
            }
            uint32_t y = mt[index++];
            y ^= y >> 11;
            y ^= (y << 7) & 0x9D2C5680U;
            y ^= (y << 15) & 0xEFC60000U;
            y ^= y >> 18;
            value = y;
        } while (value > maxvalue);
        int j = i + (int)(value % n);
        pile[i] = deck[j];
        deck[j] = deck[i];
    }
    PyObject *out = PyList_New(52);
    if (!out)
        return NULL;
    for (int i = 0; i < 52; i++) { /* the last card taken lies on top of the pile, and is dealt first */
        PyObject *card = PyLong_FromLong(pile[51 - i]);
        if (!card) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, card);
    }
    return out;
}

static PyMethodDef methods[] = {
    {"deal_order", deal_order, METH_VARARGS, "deal_order(deal): deals.shuffled_deck(deal), compiled"},
    {"klondike_legal", klondike_legal, METH_VARARGS,
     "klondike_legal(piles, columns, fits, any_empty, can_redeal, moves, deal, redeal): KlondikeEngine.legal_moves()"},
    {"camelot_legal", camelot_legal, METH_VARARGS,
     "camelot_legal(grid, waste_top, removing, stock_left, allowed, place, remove_one, remove_two, deal): "
     "CamelotEngine.legal_moves()"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_rules_core",
    "The compiled fast path of the rules model's legal-move generation (see games/klondike.py and camelot.py).",
    -1, methods,
};

PyMODINIT_FUNC PyInit__rules_core(void) { return PyModule_Create(&module); }

/* Awélé relay sowing, the exact loop check's inner loop (loaded by games/awele/sowing.py).
 *
 * A move is a sequence of laps; a lap empties the pit "to sow" and drops its seeds one by one
 * into the following pits; the move goes on from the pit of the last seed if that pit was not
 * empty. The board is kept in the frame of the pit to sow: lane 0 is that pit, lane i the pit i
 * places further counterclockwise. One lap is then "add a vector, rotate": two table look-ups
 * indexed by the seeds sown, then a byte shuffle (GCC vector extensions: SSE/NEON, or scalar
 * code where neither exists).
 *
 * Two facts make the check exact with one comparison per lap (proofs in sowing.py):
 * - each state (board, pit to sow) has exactly one possible previous lap, so a move that never
 *   ends comes back to its very first state (nothing comes before the loop);
 * - laps commute with rotating the board, so it is enough to meet the first state rotated,
 *   which is the same board in this frame: the loop's period is then a multiple of the laps run.
 *
 * awele_sow_run() runs at most max_laps laps from a saved state so that callers can spread a
 * long check over time slices, report progress and stop at a deadline.
 *
 * Speed: the worst checks of real games are loops of tens of millions of laps, so the time of
 * one lap's dependency chain is the whole cost. The table lap above waits for the seed count to
 * travel from the vector to an integer register and back through a table load (about 18 cycles).
 * Where SSSE3 is available, laps of 2..2n-1 seeds (about 98 % of the laps of long loops) are
 * computed in the vector registers alone from the broadcast seed count (about 7 cycles): two
 * comparisons give the seeds each lane receives, two byte minima the rotation. Other laps (a
 * first pit of 1 seed, 2n seeds or more) take the table lap. awele_sow_run_portable() is the table lap alone, kept to
 * cross-check the two (tests/test_awele_sowing.py).
 */
#include <stdint.h>
#include <string.h>
#if defined(__SSSE3__)
#include <immintrin.h>
#endif

#define LANES 16
#define MAX_SEEDS 256

typedef uint8_t lanes_t __attribute__((vector_size(LANES)));

/* Per pit count n: ADD[n][s] is what a lap sowing s seeds adds in the frame of the pit sown
 * (its own lane loses s, the s//n full turns add to every pit, the s%n other seeds to lanes
 * 1..s%n); ROT[n][s] turns the frame so that the pit of the last seed becomes lane 0. */
static lanes_t ADD[LANES + 1][MAX_SEEDS];
static lanes_t ROT[LANES + 1][MAX_SEEDS];
static int READY[LANES + 1];

static void prepare(int n)
{
    for (int s = 0; s < MAX_SEEDS; s++) {
        uint8_t add[LANES] = {0}, rot[LANES];
        int full = s / n, rest = s % n;
        for (int i = 0; i < n; i++)
            add[i] = (uint8_t)full;
        for (int i = 1; i <= rest; i++)
            add[i]++;
        add[0] = (uint8_t)(add[0] - s);
        for (int i = 0; i < LANES; i++)
            rot[i] = (uint8_t)(i < n ? (i + rest) % n : i);
        memcpy(&ADD[n][s], add, LANES);
        memcpy(&ROT[n][s], rot, LANES);
    }
    READY[n] = 1;
}

static int same(lanes_t a, lanes_t b)
{
    lanes_t eq = (lanes_t)(a == b);
    uint64_t lo, hi;
    memcpy(&lo, &eq, 8);
    memcpy(&hi, (const char *)&eq + 8, 8);
    return (lo & hi) == UINT64_MAX;
}

/* Run laps from `state` (16 bytes: the board in the frame of the pit to sow, lanes >= n zero).
 * `first` is the move's first state in the same frame; *laps and *shift (seeds sown so far,
 * modulo n: where lane 0 now is, counted from the first pit sown) are updated in place.
 * Returns 0 when the move ended (the last seed fell into an empty pit: lane 0 holds 1),
 *         1 when the state is the first state again (the move loops),
 *         2 when max_laps laps were run without either (call again to go on),
 *        -1 for a bad pit count.
 * The caller guarantees at most 255 seeds in all, so no lane overflows. */
int awele_sow_run_portable(int n, uint8_t *state, const uint8_t *first, long long *laps, int *shift,
                           long long max_laps)
{
    if (n < 2 || n > LANES)
        return -1;
    if (!READY[n])
        prepare(n);
    lanes_t v, v0;
    memcpy(&v, state, LANES);
    memcpy(&v0, first, LANES);
    long long done = 0;
    uint64_t sown = 0; /* seeds sown in this call; taken modulo n once, at the end */
    int result = 2;
    while (done < max_laps) {
        int s = v[0];
        v = __builtin_shuffle(v + ADD[n][s], ROT[n][s]);
        sown += (uint64_t)s;
        done++;
        if (v[0] == 1) {
            result = 0;
            break;
        }
        if (same(v, v0)) {
            result = 1;
            break;
        }
    }
    memcpy(state, &v, LANES);
    *laps += done;
    *shift = (int)((*shift + sown % (uint64_t)n) % (uint64_t)n);
    return result;
}

#if defined(__SSSE3__)
static inline __m128i table_lap(int n, __m128i v, unsigned s)
{
    lanes_t x;
    memcpy(&x, &v, LANES);
    x = __builtin_shuffle(x + ADD[n][s], ROT[n][s]);
    memcpy(&v, &x, LANES);
    return v;
}

/* The same contract as awele_sow_run_portable(), with the in-register lap described above. */
static int sow_run_ssse3(int n, uint8_t *state, const uint8_t *first, long long *laps, int *shift,
                         long long max_laps)
{
    /* For a lap of s seeds, 2 <= s < 2n, with bs = s in every lane:
     *   lane i in 1..n-1 gets [s >= i] + [s >= n + i] seeds, lane 0 keeps [s >= n] (J1, J2);
     *   rest = s mod n = min(s, s - n) (bytes wrap: the wrong one is the larger);
     *   new lane i is old lane (i + rest) mod n = min(i + rest, i + rest - n) (I0, I1);
     *   lanes >= n stay 0 (index with the high bit set: pshufb writes 0).
     * The next broadcast count is old lane rest after the lap, shuffled straight from it. */
    uint8_t j1[LANES], j2[LANES], e0[LANES], i0[LANES], i1[LANES];
    for (int i = 0; i < LANES; i++) {
        j1[i] = (uint8_t)(i >= 1 && i < n ? i - 1 : 127);
        j2[i] = (uint8_t)(i >= 1 && i < n ? n + i - 1 : i == 0 ? n - 1 : 127);
        e0[i] = (uint8_t)(i == 0 ? 0xFF : 0);
        i0[i] = (uint8_t)(i < n ? i : 0x80);
        i1[i] = (uint8_t)(i < n ? i - n : 0x80);
    }
    const __m128i J1 = _mm_loadu_si128((const __m128i *)j1), J2 = _mm_loadu_si128((const __m128i *)j2);
    const __m128i E0 = _mm_loadu_si128((const __m128i *)e0), N = _mm_set1_epi8((char)n);
    const __m128i I0 = _mm_loadu_si128((const __m128i *)i0), I1 = _mm_loadu_si128((const __m128i *)i1);
    const __m128i v0 = _mm_loadu_si128((const __m128i *)first);
    const uint64_t lo0 = (uint64_t)_mm_cvtsi128_si64(v0);
    const int all = (1 << n) - 1;
    const unsigned big = 2u * (unsigned)n;
    __m128i v = _mm_loadu_si128((const __m128i *)state);
    __m128i bs = _mm_shuffle_epi8(v, _mm_setzero_si128());
    unsigned s = (unsigned)(_mm_cvtsi128_si64(v) & 0xFF);
    long long done = 0;
    uint64_t sown = 0;
    int result = 2;
    while (done < max_laps) {
        if (s - 2u < big - 2u) {
            __m128i m1 = _mm_cmpgt_epi8(bs, J1), m2 = _mm_cmpgt_epi8(bs, J2);
            __m128i v1 = _mm_sub_epi8(_mm_sub_epi8(_mm_andnot_si128(E0, v), m2), m1);
            __m128i rest = _mm_min_epu8(bs, _mm_sub_epi8(bs, N));
            __m128i rot = _mm_min_epu8(_mm_add_epi8(I0, rest), _mm_add_epi8(I1, rest));
            bs = _mm_shuffle_epi8(v1, rest);
            v = _mm_shuffle_epi8(v1, rot);
        } else {
            v = table_lap(n, v, s); /* s is 1 only in a first state, never 0 */
            bs = _mm_shuffle_epi8(v, _mm_setzero_si128());
        }
        sown += s;
        done++;
        uint64_t lo = (uint64_t)_mm_cvtsi128_si64(v);
        s = (unsigned)(lo & 0xFF);
        if (s == 1) {
            result = 0;
            break;
        }
        if (lo == lo0 && (_mm_movemask_epi8(_mm_cmpeq_epi8(v, v0)) & all) == all) {
            result = 1;
            break;
        }
    }
    _mm_storeu_si128((__m128i *)state, v);
    *laps += done;
    *shift = (int)((*shift + sown % (uint64_t)n) % (uint64_t)n);
    return result;
}
#endif

int awele_sow_run(int n, uint8_t *state, const uint8_t *first, long long *laps, int *shift, long long max_laps)
{
#if defined(__SSSE3__)
    if (n < 2 || n > LANES)
        return -1;
    if (!READY[n])
        prepare(n);
    return sow_run_ssse3(n, state, first, laps, shift, max_laps);
#else
    return awele_sow_run_portable(n, state, first, laps, shift, max_laps);
#endif
}

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
 */
#include <stdint.h>
#include <string.h>

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
int awele_sow_run(int n, uint8_t *state, const uint8_t *first, long long *laps, int *shift,
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

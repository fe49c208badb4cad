// Kernels over a frame: how each guess of a pool splits a set (buckets, largest bucket,
// Σ size², and for weighted secrets the sum of each bucket's heaviest weight), one guess per
// distinct split, the candidates and guesses that close a set at once, and the level floor of
// a set.
#pragma once

#include <algorithm>
#include <cassert>
#include <cstdint>

#include "arena.hpp"
#include "frame.hpp"
#include "memo.hpp"
#include "pairs.hpp"

namespace wordsolver {

/** The least total guesses of ``size`` equally likely secrets when no guess makes more than
 *  ``fan_out`` buckets: a tree solves at most one secret with its first guess and at most
 *  ``fan_out`` times as many with each guess more, and every secret not yet solved within
 *  ``D`` guesses needs another (see level_floor in exact.py). */
inline i64 level_floor(i64 size, i64 fan_out) {
    i64 total = 0;
    i64 solved = 0;
    while (solved < size) {
        total += size - solved;
        solved = solved == 0 ? 1 : std::max(solved * fan_out, solved + 1);
    }
    return total;
}

/** The weight of a set and of its heaviest secret: its size and 1 when secrets count alike. */
struct Mass {
    i64 total;
    i64 heaviest;
};

/** The Mass of a set of a frame (``Weighted``: from the frame's units). */
template <bool Weighted, class Cell>
Mass mass_of(const Frame<Cell>& f, const Id* set, Id n) {
    if constexpr (!Weighted) {
        return {i64(n), 1};
    } else {
        Mass mass{0, 0};
        for (Id i = 0; i < n; i++) {
            mass.total += f.units[set[i]];
            mass.heaviest = std::max(mass.heaviest, f.units[set[i]]);
        }
        return mass;
    }
}

/** The least total guesses any tree of a set allows: every secret needs one guess and all but
 *  the heaviest two, ``2W − max w`` (``2n − 1`` for equal weights). */
inline i64 least_total(const Mass& mass) { return 2 * mass.total - mass.heaviest; }

/** level_floor for weighted secrets from what is cheap to know of a set: its size, weight
 *  and heaviest secret. The ``c`` heaviest weigh at most ``min(W, c · max w)``, so the total is
 *  at least the sum over D of ``max(0, W − c_D · max w)``: the weighted level floor itself
 *  (``2W − max w``) while the set has at most ``fan_out`` secrets, a lower bound of it beyond;
 *  level_floor when the weights are equal. */
inline i64 weighted_level_floor(i64 size, i64 weight, i64 heaviest, i64 fan_out) {
    i64 total = 0;
    i64 solved = 0;
    while (solved < size && solved * heaviest < weight) {
        total += weight - solved * heaviest;
        solved = solved == 0 ? 1 : std::max(solved * fan_out, solved + 1);
    }
    return total;
}

/** The set's secrets (a sorted set), heaviest first, ties in set order: scored in this order,
 *  each bucket's first secret is its heaviest. */
template <class Cell>
void heaviest_first(const Frame<Cell>& f, const Id* set, Id n, Id* out) {
    std::copy(set, set + n, out);
    std::sort(out, out + n, [&f](Id a, Id b) {
        return f.units[a] != f.units[b] ? f.units[a] > f.units[b] : a < b;
    });
}

/** How each guess splits the set. */
struct Scores {
    i64* n_buckets;
    i64* worst;  // the largest bucket, or 3 for any larger than two
    i64* sum_squares;
    std::uint8_t* can_win;
    std::uint64_t* prints;        // with dedup: a fingerprint of the split (score_pairwise)
    std::uint8_t* heads = nullptr;  // scored pairwise with dedup: each candidate's head
    i64* peaks = nullptr;  // weighted: Σ over the buckets of each one's heaviest weight
};

/** Guesses scored at once: one count table each, all in the first-level cache. */
constexpr Id BLOCK = 32;

template <bool Weighted, class Cell>
void score_counts(const Frame<Cell>& f, const Id* candidates, Id n, const Id* pool, Id m,
                  const std::uint8_t* in_set, Scores& out, Arena& arena);
template <class Cell>
void score_pairwise(const Frame<Cell>& f, const Id* candidates, Id n, const Id* pool, Id m,
                    const std::uint8_t* in_set, Scores& out, bool prints, Arena& arena,
                    const std::uint32_t* weights);

/** Each pool guess's buckets, largest bucket and Σ size² on the candidates, whether it may
 *  win and (``prints``) a fingerprint of its split that does not depend on what the patterns
 *  are called; ``Weighted``, each guess's peaks too, the candidates given heaviest first (the
 *  order they are scored in, and so the order of the heads of ``prints``). Fingerprints come
 *  from pairwise scoring only (score_pairwise), so ``prints`` may be asked only of one-byte
 *  cells and at most pair_max() candidates.
 *
 *  Guesses are scored a block at a time, candidate by candidate: each cell adds to a count of
 *  its own guess's table, so consecutive cells never wait for each other's counts. */
template <bool Weighted, class Cell>
void score_guesses(const Frame<Cell>& f, const Id* candidates, Id n, const Id* pool, Id m,
                   const std::uint8_t* in_set, Scores& out, bool prints, Arena& arena) {
    if constexpr (sizeof(Cell) == 1) {
        if (n <= pair_max()) {
            std::uint32_t* weights = nullptr;
            if constexpr (Weighted) {
                weights = arena.take<std::uint32_t>(std::size_t(n));
                for (Id i = 0; i < n; i++) weights[i] = std::uint32_t(f.units[candidates[i]]);
            }
            score_pairwise(f, candidates, n, pool, m, in_set, out, prints, arena, weights);
            return;
        }
    }
    assert(!prints && "fingerprints come from pairwise scoring only");
    score_counts<Weighted>(f, candidates, n, pool, m, in_set, out, arena);
}

/** score_guesses by counting each guess's patterns, and
 *  (``Weighted``: the candidates given heaviest first) each guess's peaks: a bucket's first
 *  candidate is its heaviest. */
template <bool Weighted, class Cell>
void score_counts(const Frame<Cell>& f, const Id* candidates, Id n, const Id* pool, Id m,
                  const std::uint8_t* in_set, Scores& out, Arena& arena) {
    Scope scope(arena);
    const std::size_t np = std::size_t(f.n_patterns);
    std::uint16_t* counts = arena.fill<std::uint16_t>(BLOCK * np, 0);
    for (Id j0 = 0; j0 < m; j0 += BLOCK) {
        const Id width = m - j0 < BLOCK ? m - j0 : BLOCK;
        const Id* columns = pool + j0;
        std::uint32_t buckets[BLOCK] = {0}, largest[BLOCK] = {0};
        std::uint64_t squares[BLOCK] = {0};
        i64 peaks[Weighted ? BLOCK : 1] = {0};  // weighted only
        for (Id i = 0; i < n; i++) {
            const Cell* row = f.row(candidates[i]);
            i64 weight = 0;
            if constexpr (Weighted) weight = f.units[candidates[i]];
            for (Id w = 0; w < width; w++) {
                std::size_t at = std::size_t(w) * np + row[columns[w]];
                std::uint32_t c = counts[at];
                counts[at] = std::uint16_t(c + 1);
                buckets[w] += c == 0;
                if constexpr (Weighted) peaks[w] += c == 0 ? weight : 0;
                squares[w] += 2 * c + 1;
                largest[w] = c + 1 > largest[w] ? c + 1 : largest[w];
            }
        }
        for (Id i = 0; i < n; i++) {
            const Cell* row = f.row(candidates[i]);
            for (Id w = 0; w < width; w++) counts[std::size_t(w) * np + row[columns[w]]] = 0;
        }
        for (Id w = 0; w < width; w++) {
            Id j = j0 + w;
            out.n_buckets[j] = buckets[w];
            out.worst[j] = largest[w];
            out.sum_squares[j] = i64(squares[w]);
            if constexpr (Weighted) out.peaks[j] = peaks[w];
            Id owner = f.owner[columns[w]];
            out.can_win[j] = owner >= 0 && in_set[owner];
        }
    }
}

/** The rows a block of pairwise scoring reads, one per candidate (``rows``): in place when
 *  the block's columns are consecutive, else gathered into ``tile`` first. */
template <class Cell>
__attribute__((always_inline)) inline void block_rows(const Frame<Cell>& f, const Id* candidates,
                                                      Id n, const Id* columns, Id width,
                                                      std::uint8_t* tile,
                                                      const std::uint8_t** rows) {
    if (width == PAIR_LANES && columns[PAIR_LANES - 1] - columns[0] == PAIR_LANES - 1) {
        for (Id i = 0; i < n; i++)
            rows[i] = reinterpret_cast<const std::uint8_t*>(f.row(candidates[i]) + columns[0]);
    } else {
        for (Id i = 0; i < n; i++) {
            const Cell* row = f.row(candidates[i]);
            std::uint8_t* cells = tile + i * PAIR_LANES;
            for (Id w = 0; w < PAIR_LANES; w++) cells[w] = row[columns[w < width ? w : 0]];
            rows[i] = cells;
        }
    }
}

/** The scores of a block of pairwise scoring (its first guess at pool position ``j0``). */
template <class Cell>
__attribute__((always_inline)) inline void block_scores(const Frame<Cell>& f,
                                                        const PairBlock& block, Id n, Id j0,
                                                        Id width, const Id* columns,
                                                        const std::uint8_t* in_set, bool prints,
                                                        Scores& out) {
    for (Id w = 0; w < width; w++) {
        Id j = j0 + w;
        i64 buckets = block.buckets[w];
        i64 pairs = block.pairs[w];
        out.n_buckets[j] = buckets;
        // Every bucket holds at most two exactly when each pair is a bucket of its own.
        out.worst[j] = pairs == 0 ? 1 : pairs == i64(n) - buckets ? 2 : 3;
        out.sum_squares[j] = i64(n) + 2 * pairs;
        if (prints) out.prints[j] = std::uint64_t(block.print[w]) | std::uint64_t(buckets) << 16 |
                                    std::uint64_t(pairs) << 32;
        Id owner = f.owner[columns[w]];
        out.can_win[j] = owner >= 0 && in_set[owner];
    }
}

/** score_guesses for small sets (see pairs.hpp): blocks of guesses read in place when their
 *  columns are consecutive, else gathered into a tile first. With ``prints`` the heads stay
 *  in ``out.heads`` (from the arena, for same_heads). With ``weights`` (the candidates'
 *  own, heaviest first) each guess's peaks are summed as each candidate opens its bucket
 *  (pair_block_peaks). */
template <class Cell>
void score_pairwise(const Frame<Cell>& f, const Id* candidates, Id n, const Id* pool, Id m,
                    const std::uint8_t* in_set, Scores& out, bool prints, Arena& arena,
                    const std::uint32_t* weights) {
    static_assert(sizeof(Cell) == 1, "pairwise scoring compares one-byte cells");
    std::uint8_t tile[PAIR_LIMIT * PAIR_LANES];
    const std::uint8_t* rows[PAIR_LIMIT];
    PairBlock block;
    std::uint32_t peaks[PAIR_LANES];
    const Id n_blocks = (m + PAIR_LANES - 1) / PAIR_LANES;
    if (prints) out.heads = arena.take<std::uint8_t>(std::size_t(n_blocks) * n * PAIR_LANES);
    for (Id b = 0; b < n_blocks; b++) {
        const Id j0 = b * PAIR_LANES;
        const Id width = m - j0 < PAIR_LANES ? m - j0 : PAIR_LANES;
        const Id* columns = pool + j0;
        block_rows(f, candidates, n, columns, width, tile, rows);
        std::uint8_t* heads = prints ? out.heads + std::size_t(b) * n * PAIR_LANES : nullptr;
        if (weights == nullptr) {
            if (prints)
                pair_block_heads(rows, int(n), &block, heads);
            else
                pair_block(rows, int(n), &block);
        } else {
            if (prints)
                pair_block_heads_peaks(rows, int(n), weights, &block, heads, peaks);
            else
                pair_block_peaks(rows, int(n), weights, &block, peaks);
            for (Id w = 0; w < width; w++) out.peaks[j0 + w] = peaks[w];
        }
        block_scores(f, block, n, j0, width, columns, in_set, prints, out);
    }
}

/** Whether the guesses at pool positions ``a`` and ``b``, scored pairwise, split the set
 *  alike: every candidate's head agrees. */
inline bool same_heads(const std::uint8_t* heads, Id n, Id a, Id b) {
    const std::uint8_t* x = heads + std::size_t(a / PAIR_LANES) * n * PAIR_LANES + a % PAIR_LANES;
    const std::uint8_t* y = heads + std::size_t(b / PAIR_LANES) * n * PAIR_LANES + b % PAIR_LANES;
    for (Id i = 0; i < n; i++)
        if (x[i * PAIR_LANES] != y[i * PAIR_LANES]) return false;
    return true;
}

/** Whether two guesses split the candidates into the same buckets (whatever the patterns
 *  are called); ``forward``/``backward`` are scratch set to -1, left so. */
template <class Cell>
bool same_split(const Frame<Cell>& f, const Id* candidates, Id n, Id a, Id b,
                std::int32_t* forward, std::int32_t* backward) {
    bool same = true;
    Id i = 0;
    for (; i < n; i++) {
        Cell p = f.at(candidates[i], a);
        Cell q = f.at(candidates[i], b);
        if (forward[p] < 0 && backward[q] < 0) {
            forward[p] = q;
            backward[q] = p;
        } else if (forward[p] != q || backward[q] != p) {
            same = false;
            i++;
            break;
        }
    }
    for (Id k = 0; k < i; k++) {
        forward[f.at(candidates[k], a)] = -1;
        backward[f.at(candidates[k], b)] = -1;
    }
    return same;
}

/** Positions (into the pool) of the guesses worth trying: those that learn something (more
 *  than one bucket, or may win) and, with ``dedup``, one per distinct split, told by the
 *  heads of pairwise scoring with fingerprints (``scores.heads``). A guess that cannot win
 *  splits every subset as an earlier guess with the same split does, so it is dropped;
 *  guesses that may win are all kept (each wins on a secret of its own). */
inline Id keep_guesses(Id n, Id m, const Scores& scores, bool dedup, Arena& arena, Id* kept) {
    // The fingerprints only pick who to compare: equal splits are checked head by head.
    Id n_kept = 0;
    if (!dedup) {
        for (Id j = 0; j < m; j++)
            if (scores.n_buckets[j] > 1 || scores.can_win[j]) kept[n_kept++] = j;
        return n_kept;
    }
    assert(scores.heads != nullptr && "dedup by fingerprints needs pairwise heads");
    std::size_t slots = 16;
    while (slots < 2 * std::size_t(m)) slots *= 2;
    std::size_t mask = slots - 1;
    Id* table = arena.fill<Id>(slots, -1);
    const std::uint64_t* prints = scores.prints;
    for (Id j = 0; j < m; j++) {
        if (scores.n_buckets[j] <= 1 && !scores.can_win[j]) continue;
        std::uint64_t print = prints[j];
        std::size_t slot = std::size_t((print ^ print >> 29) * 0x9E3779B97F4A7C15ull >> 20) & mask;
        bool repeated = false;
        while (table[slot] >= 0) {
            Id earlier = table[slot];
            if (!scores.can_win[j] && prints[earlier] == print &&
                same_heads(scores.heads, n, earlier, j)) {
                repeated = true;
                break;
            }
            slot = (slot + 1) & mask;
        }
        if (repeated) continue;
        table[slot] = j;
        kept[n_kept++] = j;
    }
    return n_kept;
}

/** keep_guesses with ``dedup``, the same guesses kept, without fingerprints: equal splits
 *  have equal bucket counts, Σ size² and largest buckets, so only guesses equal in all three
 *  are compared cell by cell. Large sets score faster without fingerprints (and keep the
 *  same guesses either way). */
template <class Cell>
Id keep_distinct(const Frame<Cell>& f, const Id* set, Id n, const Id* pool, Id m,
                 const Scores& scores, Arena& arena, std::int32_t* scratch_a,
                 std::int32_t* scratch_b, Id* kept) {
    Scope scope(arena);
    Id* useful = arena.take<Id>(std::size_t(m));
    Id n_useful = 0;
    for (Id j = 0; j < m; j++)
        if (scores.n_buckets[j] > 1 || scores.can_win[j]) useful[n_useful++] = j;
    auto stats_less = [&scores](Id a, Id b) {
        if (scores.n_buckets[a] != scores.n_buckets[b])
            return scores.n_buckets[a] < scores.n_buckets[b];
        if (scores.sum_squares[a] != scores.sum_squares[b])
            return scores.sum_squares[a] < scores.sum_squares[b];
        return scores.worst[a] < scores.worst[b];
    };
    std::stable_sort(useful, useful + n_useful, stats_less);  // pool order within a group
    std::uint8_t* keep = arena.fill<std::uint8_t>(std::size_t(m), 0);
    for (Id start = 0; start < n_useful;) {
        Id end = start + 1;
        while (end < n_useful && !stats_less(useful[start], useful[end])) end++;
        for (Id x = start; x < end; x++) {
            Id j = useful[x];
            bool repeated = false;
            // A guess that may win is always kept; another only when no earlier guess kept
            // splits the set the same way.
            for (Id y = start; y < x && !repeated && !scores.can_win[j]; y++)
                repeated = keep[useful[y]] &&
                           same_split(f, set, n, pool[useful[y]], pool[j], scratch_a, scratch_b);
            keep[j] = !repeated;
        }
        start = end;
    }
    Id n_kept = 0;
    for (Id j = 0; j < m; j++)
        if (keep[j]) kept[n_kept++] = j;
    return n_kept;
}

/** The guesses of the pool worth trying (keep_guesses), in pool order; with ``dedup`` one
 *  per distinct split, found by the heads when the set was scored pairwise with fingerprints
 *  (keep_guesses), else by the bucket statistics (keep_distinct). */
template <class Cell>
Id keep_useful(const Frame<Cell>& f, const Id* set, Id n, const Id* pool, Id m,
               const Scores& scores, bool dedup, Arena& arena, std::int32_t* scratch_a,
               std::int32_t* scratch_b, Id* kept) {
    if (dedup && scores.heads == nullptr)
        return keep_distinct(f, set, n, pool, m, scores, arena, scratch_a, scratch_b, kept);
    return keep_guesses(n, m, scores, dedup, arena, kept);
}

/** The first guess (column) of the list that puts every candidate in a bucket of its own,
 *  or -1; ``counts`` zeroed scratch, left zeroed. */
template <class Cell>
Id splitter(const Frame<Cell>& f, const Id* candidates, Id n, const Id* guesses, Id m,
            std::int32_t* counts) {
    for (Id j = 0; j < m; j++) {
        Id g = guesses[j];
        if (g < 0) continue;
        Id i = 0;
        bool distinct = true;
        for (; i < n; i++) {
            Cell p = f.at(candidates[i], g);
            if (counts[p]) {
                distinct = false;
                break;
            }
            counts[p] = 1;
        }
        for (Id k = 0; k < i; k++) counts[f.at(candidates[k], g)] = 0;
        if (distinct) return g;
    }
    return -1;
}

/** A candidate's own guess (column) that tells all the others apart; -1 if none. */
template <class Cell>
Id perfect_candidate(const Frame<Cell>& f, const Id* candidates, Id n, Id* own,
                     std::int32_t* counts) {
    for (Id i = 0; i < n; i++) own[i] = f.own_column[candidates[i]];
    return splitter(f, candidates, n, own, n, counts);
}

/** A heaviest candidate's own guess (column) that tells all the others apart; -1 if none
 *  (weighted sets: only a heaviest one reaches the least total, 2W − max w). */
template <class Cell>
Id perfect_heaviest(const Frame<Cell>& f, const Id* candidates, Id n, i64 heaviest, Id* own,
                    std::int32_t* counts) {
    for (Id i = 0; i < n; i++)
        own[i] = f.units[candidates[i]] == heaviest ? f.own_column[candidates[i]] : -1;
    return splitter(f, candidates, n, own, n, counts);
}

/** A candidate's own guess (column) that tells all the others apart but one pair, or -1. */
template <class Cell>
Id nearly_perfect(const Frame<Cell>& f, const Id* candidates, Id n, std::int32_t* counts) {
    for (Id c = 0; c < n; c++) {
        Id g = f.own_column[candidates[c]];
        if (g < 0) continue;
        int pairs = 0;
        Id i = 0;
        for (; i < n; i++) {
            Cell p = f.at(candidates[i], g);
            if (counts[p]) {
                if (++pairs > 1 || counts[p] > 1) {
                    pairs = 2;
                    i++;
                    break;
                }
            }
            counts[p]++;
        }
        for (Id k = 0; k < i; k++) counts[f.at(candidates[k], g)] = 0;
        if (pairs == 1) return g;
    }
    return -1;
}

}  // namespace wordsolver

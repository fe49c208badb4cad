// The whole game split by first guess: a cheap proven floor for every first guess, and the
// order in which the search tries them. Each kernel counts secrets alike, or (``Weighted``)
// each secret its weight (the frame's units): the floors and bounds of search.hpp.
#pragma once

#include <algorithm>
#include <cstdint>

#include "arena.hpp"
#include "frame.hpp"
#include "scan.hpp"

namespace wordsolver {

/** What the floors of a set's guesses read, made once per set (in the caller's scope): which
 *  secrets are in the set, the level floor of every bucket size, and a zeroed count table
 *  for a block of guesses (left zeroed); weighted, the set heaviest first and zeroed tables
 *  of each bucket's weight and heaviest secret for a block (left zeroed). */
struct FloorTables {
    std::uint8_t* in_set;
    i64* level;
    std::uint16_t* counts;  // n < 2^16
    i64 fan_out = 1;
    Mass mass{0, 0};
    const Id* heavy = nullptr;  // weighted: the set, heaviest first
    i64* sums = nullptr;        // weighted: per guess of a block and pattern, the bucket's weight
    i64* peaks = nullptr;       // weighted: and its heaviest secret's
};

/** The floor tables of a set whose guesses make at most ``fan_out`` buckets. */
template <bool Weighted, class Cell>
FloorTables floor_tables(const Frame<Cell>& f, int n_patterns, const Id* set, Id n, i64 fan_out,
                         Arena& arena) {
    FloorTables t{arena.fill<std::uint8_t>(std::size_t(f.n_secrets), 0),
                  arena.take<i64>(std::size_t(n) + 1),
                  arena.fill<std::uint16_t>(BLOCK * std::size_t(n_patterns), 0)};
    for (Id i = 0; i < n; i++) t.in_set[set[i]] = 1;
    for (Id b = 0; b <= n; b++) t.level[b] = level_floor(b, fan_out);
    t.fan_out = fan_out;
    t.mass = mass_of<Weighted>(f, set, n);
    if constexpr (Weighted) {
        Id* heavy = arena.take<Id>(std::size_t(n));
        heaviest_first(f, set, n, heavy);
        t.heavy = heavy;
        t.sums = arena.fill<i64>(BLOCK * std::size_t(n_patterns), 0);
        t.peaks = arena.fill<i64>(BLOCK * std::size_t(n_patterns), 0);
    }
    return t;
}

/** block_floors of weighted secrets: the set taken heaviest first, so that a bucket's first
 *  secret is its heaviest; each bucket's floor is weighted_level_floor. */
template <class Cell>
void weighted_block_floors(const Frame<Cell>& f, int n_patterns, Id n, const Id* block,
                           Id width, const FloorTables& t, i64* floors) {
    const std::size_t np = std::size_t(n_patterns);
    std::uint16_t* counts = t.counts;
    i64 totals[BLOCK];
    for (Id w = 0; w < width; w++) totals[w] = t.mass.total;
    for (Id i = 0; i < n; i++) {
        const Cell* row = f.row(t.heavy[i]);
        const i64 weight = f.units[t.heavy[i]];
        for (Id w = 0; w < width; w++) {
            std::size_t at = std::size_t(w) * np + row[block[w]];
            if (counts[at]++ == 0) t.peaks[at] = weight;
            t.sums[at] += weight;
        }
    }
    for (Id i = 0; i < n; i++) {
        const Cell* row = f.row(t.heavy[i]);
        for (Id w = 0; w < width; w++) {
            std::size_t at = std::size_t(w) * np + row[block[w]];
            if (counts[at]) {
                i64 floor = weighted_level_floor(counts[at], t.sums[at], t.peaks[at], t.fan_out);
                totals[w] = std::min(totals[w] + floor, INFEASIBLE);
            }
            counts[at] = 0;
            t.sums[at] = 0;
        }
    }
    // The win bucket: its one secret's weight, which costs nothing more.
    for (Id w = 0; w < width; w++) {
        Id owner = f.owner[block[w]];
        floors[w] = owner >= 0 && t.in_set[owner] ? totals[w] - f.units[owner] : totals[w];
    }
}

/** floors_of for one block of at most BLOCK guesses. A block of guesses at a time, candidate
 *  by candidate (rows, not columns: in cache). */
template <class Cell>
void block_floors(const Frame<Cell>& f, int n_patterns, const Id* set, Id n, const Id* block,
                  Id width, const FloorTables& t, i64* floors) {
    const std::size_t np = std::size_t(n_patterns);
    std::uint16_t* counts = t.counts;
    i64 totals[BLOCK];
    for (Id w = 0; w < width; w++) totals[w] = n;
    for (Id i = 0; i < n; i++) {
        const Cell* row = f.row(set[i]);
        for (Id w = 0; w < width; w++) counts[std::size_t(w) * np + row[block[w]]]++;
    }
    for (Id i = 0; i < n; i++) {
        const Cell* row = f.row(set[i]);
        for (Id w = 0; w < width; w++) {
            std::uint16_t& count = counts[std::size_t(w) * np + row[block[w]]];
            if (count) totals[w] = std::min(totals[w] + t.level[count], INFEASIBLE);
            count = 0;
        }
    }
    // The win bucket: one secret (floor 1) that costs nothing more.
    for (Id w = 0; w < width; w++) {
        Id owner = f.owner[block[w]];
        floors[w] = owner >= 0 && t.in_set[owner] ? totals[w] - 1 : totals[w];
    }
}

/** block_floors, or weighted_block_floors for weighted secrets. */
template <bool Weighted, class Cell>
void floors_of_block(const Frame<Cell>& f, int n_patterns, const Id* set, Id n, const Id* block,
                     Id width, const FloorTables& t, i64* floors) {
    if constexpr (Weighted)
        weighted_block_floors(f, n_patterns, n, block, width, t, floors);
    else
        block_floors(f, n_patterns, set, n, block, width, t, floors);
}

/** For each guess of ``columns``, a proven lower bound on the total guesses of the set when
 *  it is played first: the set's size (weight) plus the level floor of each bucket (the win
 *  bucket costs nothing more), where no guess makes more than ``fan_out`` buckets. */
template <bool Weighted, class Cell>
void floors_of(const Frame<Cell>& f, int n_patterns, const Id* set, Id n, const Id* columns,
               Id m, i64 fan_out, i64* floors, Arena& arena) {
    Scope scope(arena);
    FloorTables t = floor_tables<Weighted>(f, n_patterns, set, n, fan_out, arena);
    for (Id j0 = 0; j0 < m; j0 += BLOCK)
        floors_of_block<Weighted>(f, n_patterns, set, n, columns + j0, std::min(BLOCK, m - j0),
                                  t, floors + j0);
}

/** How each guess of the pool splits the set, without fingerprints (in the caller's scope);
 *  weighted, with each guess's peaks. */
template <bool Weighted, class Cell>
Scores scored(const Frame<Cell>& f, const Id* set, Id n, const Id* pool, Id m, Arena& arena) {
    std::uint8_t* in_set = arena.fill<std::uint8_t>(std::size_t(f.n_secrets), 0);
    for (Id i = 0; i < n; i++) in_set[set[i]] = 1;
    Scores scores{arena.take<i64>(std::size_t(m)), arena.take<i64>(std::size_t(m)),
                  arena.take<i64>(std::size_t(m)), arena.take<std::uint8_t>(std::size_t(m)),
                  nullptr};
    if constexpr (Weighted) {
        scores.peaks = arena.take<i64>(std::size_t(m));
        Id* heavy = arena.take<Id>(std::size_t(n));
        heaviest_first(f, set, n, heavy);
        score_counts<true>(f, heavy, n, pool, m, in_set, scores, arena);
    } else {
        score_guesses<false>(f, set, n, pool, m, in_set, scores, false, arena);
    }
    return scores;
}

/** The bound of the guess at pool position ``j`` (scored): 3n − w − k, or weighted
 *  3W − w(the guess, when it may win) − Σ peaks. A guess's floor is at least its bound. */
template <bool Weighted, class Cell>
i64 guess_bound(const Frame<Cell>& f, const Scores& scores, const Id* pool, Id j,
                const Mass& mass) {
    if constexpr (Weighted) {
        i64 win = scores.can_win[j] ? f.units[f.owner[pool[j]]] : 0;
        return 3 * mass.total - win - scores.peaks[j];
    }
    return 3 * mass.total - scores.can_win[j] - scores.n_buckets[j];
}

/** The most buckets any of the ``m`` guesses scored makes (at least 1). */
inline i64 most_buckets(const Scores& scores, Id m) {
    i64 fan_out = 1;
    for (Id j = 0; j < m; j++) fan_out = std::max(fan_out, scores.n_buckets[j]);
    return fan_out;
}

/** The most buckets any guess of the pool splits the set into (at least 1). */
template <class Cell>
i64 fan_out_of(const Frame<Cell>& f, const Id* set, Id n, const Id* pool, Id m, Arena& arena) {
    Scope scope(arena);
    return most_buckets(scored<false>(f, set, n, pool, m, arena), m);
}

/** For each guess of the pool, its floor played first (floors_of), the fan-out being the
 *  most buckets any guess of the pool makes, or ``fan_out`` when given (above 0). */
template <bool Weighted, class Cell>
void first_floors(const Frame<Cell>& f, int n_patterns, const Id* set, Id n, const Id* pool,
                  Id m, i64 fan_out, i64* floors, Arena& arena) {
    if (fan_out <= 0) fan_out = fan_out_of(f, set, n, pool, m, arena);
    floors_of<Weighted>(f, n_patterns, set, n, pool, m, fan_out, floors, arena);
}

/** The pool positions of the ``m`` guesses scored, in bound order (guess_bound): a counting
 *  sort when secrets count alike (bounds lie between 2n − 1 and 3n), else a sort. */
template <bool Weighted, class Cell>
Id* bound_order(const Frame<Cell>& f, const Scores& scores, const Id* pool, Id n, Id m,
                const Mass& mass, Arena& arena) {
    Id* order = arena.take<Id>(std::size_t(m));
    if constexpr (Weighted) {
        i64* bounds = arena.take<i64>(std::size_t(m));
        for (Id j = 0; j < m; j++) {
            bounds[j] = guess_bound<true>(f, scores, pool, j, mass);
            order[j] = j;
        }
        std::stable_sort(order, order + m, [bounds](Id a, Id b) { return bounds[a] < bounds[b]; });
    } else {
        const i64 lowest = 2 * i64(n) - 1;
        const std::size_t span = std::size_t(n) + 2;
        Id* starts = arena.fill<Id>(span + 1, 0);
        for (Id j = 0; j < m; j++)
            starts[guess_bound<false>(f, scores, pool, j, mass) - lowest + 1]++;
        for (std::size_t b = 1; b <= span; b++) starts[b] += starts[b - 1];
        for (Id j = 0; j < m; j++)
            order[starts[guess_bound<false>(f, scores, pool, j, mass) - lowest]++] = j;
    }
    return order;
}

/** The least floor of any guess of the pool played first on the set (first_floors' least, the
 *  fan-out the most buckets any guess of the pool makes, or ``fan_out`` when given above 0): a
 *  proven lower bound on the set's total. A guess's floor is at least its bound (guess_bound), so the guesses are taken in
 *  bound order (bound_order) and their floors counted a block at a time until the next bound
 *  reaches the least floor found. Every guess is scored, none compared with another: one per
 *  distinct split would give the same least floor. */
template <bool Weighted, class Cell>
i64 least_first_floor(const Frame<Cell>& f, int n_patterns, const Id* set, Id n, const Id* pool,
                      Id m, i64 fan_out, Arena& arena) {
    Scope scope(arena);
    Scores scores = scored<Weighted>(f, set, n, pool, m, arena);
    if (fan_out <= 0) fan_out = most_buckets(scores, m);
    const Mass mass = mass_of<Weighted>(f, set, n);
    Id* order = bound_order<Weighted>(f, scores, pool, n, m, mass, arena);
    FloorTables tables = floor_tables<Weighted>(f, n_patterns, set, n, fan_out, arena);
    Id block[BLOCK];
    i64 floors[BLOCK];
    i64 least = INFEASIBLE;
    for (Id k0 = 0; k0 < m; k0 += BLOCK) {
        if (guess_bound<Weighted>(f, scores, pool, order[k0], mass) >= least) break;
        Id width = std::min(BLOCK, m - k0);
        for (Id w = 0; w < width; w++) block[w] = pool[order[k0 + w]];
        floors_of_block<Weighted>(f, n_patterns, set, n, block, width, tables, floors);
        for (Id w = 0; w < width; w++) least = std::min(least, floors[w]);
    }
    return least;
}

/** The first guesses of a set: the order the search tries them in, the fan-out, and the
 *  least floor of any guess of the pool (a proven lower bound on the set's total). */
struct FirstGuesses {
    Id n_order = 0;
    i64 fan_out = 1;
    i64 least_floor = INFEASIBLE;
};

/** The guesses of the pool worth trying first (one per distinct split), in the order the
 *  search tries them: by the bound 3n − w − k, then the evener split, then pool order; the
 *  fan-out the pool's, or ``fan_out`` when given above 0. Returns how many were written to
 *  ``out`` (game guess rows). */
template <bool Weighted, class Cell>
FirstGuesses first_guess_order(const Frame<Cell>& f, int n_patterns, const Id* set, Id n,
                               const Id* pool, Id m, bool dedup, i64 fan_out, i64* out,
                               Arena& arena) {
    Scope scope(arena);
    Scores scores = scored<Weighted>(f, set, n, pool, m, arena);
    const Mass mass = mass_of<Weighted>(f, set, n);
    std::int32_t* scratch_a = arena.fill<std::int32_t>(std::size_t(n_patterns), -1);
    std::int32_t* scratch_b = arena.fill<std::int32_t>(std::size_t(n_patterns), -1);
    Id* kept = arena.take<Id>(std::size_t(m));
    Id mk = keep_useful(f, set, n, pool, m, scores, dedup, arena, scratch_a, scratch_b, kept);
    std::stable_sort(kept, kept + mk, [&](Id a, Id b) {
        i64 bound_a = guess_bound<Weighted>(f, scores, pool, a, mass);
        i64 bound_b = guess_bound<Weighted>(f, scores, pool, b, mass);
        if (bound_a != bound_b) return bound_a < bound_b;
        return scores.sum_squares[a] < scores.sum_squares[b];
    });
    FirstGuesses first;
    first.n_order = mk;
    first.fan_out = fan_out > 0 ? fan_out : most_buckets(scores, m);
    // The least floor: a guess's floor is at least its bound 3n − w − k, so in bound order
    // the floors are counted a block at a time until the next bound reaches the least found.
    // A guess left out splits like one kept that may win as well, so its floor is no lower.
    Id* block = arena.take<Id>(std::size_t(BLOCK));
    i64 floors[BLOCK];
    FloorTables tables = floor_tables<Weighted>(f, n_patterns, set, n, first.fan_out, arena);
    for (Id k0 = 0; k0 < mk; k0 += BLOCK) {
        if (guess_bound<Weighted>(f, scores, pool, kept[k0], mass) >= first.least_floor) break;
        Id width = std::min(BLOCK, mk - k0);
        for (Id w = 0; w < width; w++) block[w] = pool[kept[k0 + w]];
        floors_of_block<Weighted>(f, n_patterns, set, n, block, width, tables, floors);
        for (Id w = 0; w < width; w++) first.least_floor = std::min(first.least_floor, floors[w]);
    }
    for (Id k = 0; k < mk; k++) out[k] = f.game_guess[pool[kept[k]]];
    return first;
}

}  // namespace wordsolver

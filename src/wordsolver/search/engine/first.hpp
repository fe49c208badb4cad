// The whole game split by first guess: a cheap proven floor for every first guess, and the
// order in which the search tries them.
#pragma once

#include <algorithm>
#include <cstdint>

#include "arena.hpp"
#include "frame.hpp"
#include "scan.hpp"

namespace wordsolver {

/** What the floors of a set's guesses read, made once per set (in the caller's scope): which
 *  secrets are in the set, the level floor of every bucket size, and a zeroed count table
 *  for a block of guesses (left zeroed). */
struct FloorTables {
    std::uint8_t* in_set;
    i64* level;
    std::uint16_t* counts;  // n < 2^16
};

/** The floor tables of a set whose guesses make at most ``fan_out`` buckets. */
template <class Cell>
FloorTables floor_tables(const Frame<Cell>& f, int n_patterns, const Id* set, Id n, i64 fan_out,
                         Arena& arena) {
    FloorTables t{arena.fill<std::uint8_t>(std::size_t(f.n_secrets), 0),
                  arena.take<i64>(std::size_t(n) + 1),
                  arena.fill<std::uint16_t>(BLOCK * std::size_t(n_patterns), 0)};
    for (Id i = 0; i < n; i++) t.in_set[set[i]] = 1;
    for (Id b = 0; b <= n; b++) t.level[b] = level_floor(b, fan_out);
    return t;
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

/** For each guess of ``columns``, a proven lower bound on the total guesses of the set when
 *  it is played first: the set's size plus the level floor of each bucket (the win bucket
 *  costs nothing more), where no guess makes more than ``fan_out`` buckets. */
template <class Cell>
void floors_of(const Frame<Cell>& f, int n_patterns, const Id* set, Id n, const Id* columns,
               Id m, i64 fan_out, i64* floors, Arena& arena) {
    Scope scope(arena);
    FloorTables t = floor_tables(f, n_patterns, set, n, fan_out, arena);
    for (Id j0 = 0; j0 < m; j0 += BLOCK)
        block_floors(f, n_patterns, set, n, columns + j0, std::min(BLOCK, m - j0), t,
                     floors + j0);
}

/** How each guess of the pool splits the set, without fingerprints (in the caller's scope). */
template <class Cell>
Scores scored(const Frame<Cell>& f, const Id* set, Id n, const Id* pool, Id m, Arena& arena) {
    std::uint8_t* in_set = arena.fill<std::uint8_t>(std::size_t(f.n_secrets), 0);
    for (Id i = 0; i < n; i++) in_set[set[i]] = 1;
    Scores scores{arena.take<i64>(std::size_t(m)), arena.take<i64>(std::size_t(m)),
                  arena.take<i64>(std::size_t(m)), arena.take<std::uint8_t>(std::size_t(m)),
                  nullptr};
    score_guesses(f, set, n, pool, m, in_set, scores, false, arena);
    return scores;
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
    return most_buckets(scored(f, set, n, pool, m, arena), m);
}

/** For each guess of the pool, its floor played first (floors_of), the fan-out being the
 *  most buckets any guess of the pool makes, or ``fan_out`` when given (above 0). */
template <class Cell>
void first_floors(const Frame<Cell>& f, int n_patterns, const Id* set, Id n, const Id* pool,
                  Id m, i64 fan_out, i64* floors, Arena& arena) {
    if (fan_out <= 0) fan_out = fan_out_of(f, set, n, pool, m, arena);
    floors_of(f, n_patterns, set, n, pool, m, fan_out, floors, arena);
}

/** The least floor of any guess of the pool played first on the set (first_floors' least, the
 *  fan-out the most buckets any guess of the pool makes): a proven lower bound on the set's
 *  total. A guess's floor is at least its bound 3n − w − k, so the guesses are taken in bound
 *  order (a counting sort: bounds lie between 2n − 1 and 3n) and their floors counted a block
 *  at a time until the next bound reaches the least floor found. Every guess is scored, none
 *  compared with another: one per distinct split would give the same least floor. */
template <class Cell>
i64 least_first_floor(const Frame<Cell>& f, int n_patterns, const Id* set, Id n, const Id* pool,
                      Id m, Arena& arena) {
    Scope scope(arena);
    Scores scores = scored(f, set, n, pool, m, arena);
    const i64 fan_out = most_buckets(scores, m);
    const i64 lowest = 2 * i64(n) - 1;
    const std::size_t span = std::size_t(n) + 2;
    Id* starts = arena.fill<Id>(span + 1, 0);
    for (Id j = 0; j < m; j++) starts[3 * i64(n) - scores.can_win[j] - scores.n_buckets[j] - lowest + 1]++;
    for (std::size_t b = 1; b <= span; b++) starts[b] += starts[b - 1];
    Id* order = arena.take<Id>(std::size_t(m));
    for (Id j = 0; j < m; j++)
        order[starts[3 * i64(n) - scores.can_win[j] - scores.n_buckets[j] - lowest]++] = j;
    FloorTables tables = floor_tables(f, n_patterns, set, n, fan_out, arena);
    Id block[BLOCK];
    i64 floors[BLOCK];
    i64 least = INFEASIBLE;
    for (Id k0 = 0; k0 < m; k0 += BLOCK) {
        Id first = order[k0];
        if (3 * i64(n) - scores.can_win[first] - scores.n_buckets[first] >= least) break;
        Id width = std::min(BLOCK, m - k0);
        for (Id w = 0; w < width; w++) block[w] = pool[order[k0 + w]];
        block_floors(f, n_patterns, set, n, block, width, tables, floors);
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
 *  search tries them: by the bound 3n − w − k, then the evener split, then pool order.
 *  Returns how many were written to ``out`` (game guess rows). */
template <class Cell>
FirstGuesses first_guess_order(const Frame<Cell>& f, int n_patterns, const Id* set, Id n,
                               const Id* pool, Id m, bool dedup, i64* out, Arena& arena) {
    Scope scope(arena);
    Scores scores = scored(f, set, n, pool, m, arena);
    std::int32_t* scratch_a = arena.fill<std::int32_t>(std::size_t(n_patterns), -1);
    std::int32_t* scratch_b = arena.fill<std::int32_t>(std::size_t(n_patterns), -1);
    Id* kept = arena.take<Id>(std::size_t(m));
    Id mk = keep_useful(f, set, n, pool, m, scores, dedup, arena, scratch_a, scratch_b, kept);
    std::stable_sort(kept, kept + mk, [&](Id a, Id b) {
        i64 bound_a = 3 * i64(n) - scores.can_win[a] - scores.n_buckets[a];
        i64 bound_b = 3 * i64(n) - scores.can_win[b] - scores.n_buckets[b];
        if (bound_a != bound_b) return bound_a < bound_b;
        return scores.sum_squares[a] < scores.sum_squares[b];
    });
    FirstGuesses first;
    first.n_order = mk;
    first.fan_out = most_buckets(scores, m);
    // The least floor: a guess's floor is at least its bound 3n − w − k, so in bound order
    // the floors are counted a block at a time until the next bound reaches the least found.
    // A guess left out splits like one kept that may win as well, so its floor is no lower.
    Id* block = arena.take<Id>(std::size_t(BLOCK));
    i64 floors[BLOCK];
    FloorTables tables = floor_tables(f, n_patterns, set, n, first.fan_out, arena);
    for (Id k0 = 0; k0 < mk; k0 += BLOCK) {
        Id a = kept[k0];
        if (3 * i64(n) - scores.can_win[a] - scores.n_buckets[a] >= first.least_floor) break;
        Id width = std::min(BLOCK, mk - k0);
        for (Id w = 0; w < width; w++) block[w] = pool[kept[k0 + w]];
        block_floors(f, n_patterns, set, n, block, width, tables, floors);
        for (Id w = 0; w < width; w++) first.least_floor = std::min(first.least_floor, floors[w]);
    }
    for (Id k = 0; k < mk; k++) out[k] = f.game_guess[pool[kept[k]]];
    return first;
}

}  // namespace wordsolver

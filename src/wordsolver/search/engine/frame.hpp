// Frames: the secret-major blocks of pattern cells a search reads.
//
// The whole game's frame is the pattern matrix itself (secrets × guesses). A large set copies
// the cells of its own candidates and of its pool (one guess per partition) into a frame of
// its own, so that everything searched below it reads short contiguous rows that stay in
// cache. A frame names its secrets and guesses by position; it knows the game's ids of both,
// and (a weighted search) each secret's weight.
#pragma once

#include <cstdint>

#include "arena.hpp"

namespace wordsolver {

using Id = std::int32_t;

template <class Cell>
struct Frame {
    const Cell* cells = nullptr;      // n_secrets rows of width cells
    std::int64_t width = 0;
    Id n_secrets = 0;
    int n_patterns = 0;
    const Id* own_column = nullptr;   // each secret's own guess (a column), or -1
    const Id* owner = nullptr;        // the secret each column is, or -1
    const Id* game_secret = nullptr;  // each secret's id in the game
    const Id* game_guess = nullptr;   // each column's guess row in the game
    const std::int64_t* units = nullptr;  // each secret's weight (weighted searches only)

    Cell at(Id secret, Id column) const { return cells[secret * width + column]; }
    const Cell* row(Id secret) const { return cells + secret * width; }
};

/** The frame of a set: its candidates' cells in the given columns, copied. */
template <class Cell>
Frame<Cell> sub_frame(const Frame<Cell>& outer, const Id* candidates, Id n, const Id* columns,
                      Id m, Arena& arena, Id* local_candidates, Id* local_columns) {
    Frame<Cell> frame;
    Cell* cells = arena.take<Cell>(std::size_t(n) * std::size_t(m));
    for (Id i = 0; i < n; i++) {
        const Cell* row = outer.row(candidates[i]);
        Cell* out = cells + std::int64_t(i) * m;
        for (Id k = 0; k < m; k++) out[k] = row[columns[k]];
    }
    Id* local_of = arena.fill<Id>(std::size_t(outer.n_secrets), -1);
    for (Id i = 0; i < n; i++) local_of[candidates[i]] = i;
    Id* own_column = arena.fill<Id>(std::size_t(n), -1);
    Id* owner = arena.fill<Id>(std::size_t(m), -1);
    Id* game_secret = arena.take<Id>(std::size_t(n));
    Id* game_guess = arena.take<Id>(std::size_t(m));
    for (Id i = 0; i < n; i++) game_secret[i] = outer.game_secret[candidates[i]];
    for (Id k = 0; k < m; k++) {
        game_guess[k] = outer.game_guess[columns[k]];
        Id secret = outer.owner[columns[k]];
        if (secret >= 0 && local_of[secret] >= 0) {
            owner[k] = local_of[secret];
            own_column[local_of[secret]] = k;
        }
    }
    if (outer.units != nullptr) {
        std::int64_t* units = arena.take<std::int64_t>(std::size_t(n));
        for (Id i = 0; i < n; i++) units[i] = outer.units[candidates[i]];
        frame.units = units;
    }
    for (Id i = 0; i < n; i++) local_candidates[i] = i;
    for (Id k = 0; k < m; k++) local_columns[k] = k;
    frame.cells = cells;
    frame.width = m;
    frame.n_secrets = n;
    frame.n_patterns = outer.n_patterns;
    frame.own_column = own_column;
    frame.owner = owner;
    frame.game_secret = game_secret;
    frame.game_guess = game_guess;
    return frame;
}

}  // namespace wordsolver

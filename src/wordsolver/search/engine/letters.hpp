// One guess per spelling of the letters a set holds, for rules whose letters absent from every
// candidate earn the same feedback whatever they are (FeedbackRule.absent_letters_alike).
//
// Under such a rule, a guess's split of a set depends only on its spelling with every letter
// no candidate holds written as a blank: two guesses spelled alike split the set, and every
// subset (which holds fewer letters), alike. The distinct splits (scan.hpp) cost more than
// they save on small sets; a spelling costs a few lookups per guess.
#pragma once

#include <cstdint>
#include <vector>

#include "arena.hpp"
#include "frame.hpp"

namespace wordsolver {

/** The most spellings a set's cut tells apart by a table of one bit each (8 KiB). */
constexpr std::uint64_t MAX_SPELLINGS = std::uint64_t(1) << 16;

/** The guesses' letters as the cut reads them (off: no codes). */
struct AbsentLetters {
    /** The largest letter code (a set's letters are one bit each of a word). */
    static constexpr int MAX_CODE = 63;

    std::vector<std::uint8_t> codes;  // guess rows × length
    std::vector<std::uint64_t> held;  // each secret's letters, one bit per code
    int length = 0;

    bool on() const { return length > 0; }

    /** Take the guesses' codes (rows × length); each secret's letters are its own row's. */
    void load(const std::uint8_t* guess_codes, Id n_guesses, int word_length, const Id* secret_row,
              Id n_secrets) {
        codes.assign(guess_codes, guess_codes + std::size_t(n_guesses) * std::size_t(word_length));
        held.assign(std::size_t(n_secrets), 0);
        for (Id s = 0; s < n_secrets; s++) {
            const std::uint8_t* word = codes.data() + std::size_t(secret_row[s]) * word_length;
            for (int p = 0; p < word_length; p++) held[std::size_t(s)] |= std::uint64_t(1) << word[p];
        }
        length = word_length;
    }
};

/** How many columns of ``pool`` are worth keeping for the set, written to ``out`` in pool
 *  order: the first guess of each spelling (letters no candidate holds written blank). A
 *  guess with a blank is no candidate (a candidate holds its own letters), so every guess
 *  that may win is kept. -1 (``out`` untouched) when the set's spellings are too many to
 *  index a small table: telling them apart by hashing costs about what scoring the guesses
 *  it saves does. */
template <class Cell>
Id one_per_spelling(const Frame<Cell>& f, const AbsentLetters& letters, const Id* set, Id n,
                    const Id* pool, Id m, Arena& arena, Id* out) {
    std::uint64_t present = 0;
    for (Id i = 0; i < n; i++) present |= letters.held[std::size_t(f.game_secret[set[i]])];
    // Each letter held, a digit from 1 (0: blank); a spelling, a number of ``length`` digits.
    std::uint32_t digit[64];
    std::uint32_t base = 1;
    for (int c = 0; c < 64; c++) digit[c] = (present >> c) & 1 ? base++ : 0;
    const int length = letters.length;
    std::uint64_t spellings = 1;
    for (int p = 0; p < length && spellings <= MAX_SPELLINGS; p++) spellings *= base;
    if (spellings > MAX_SPELLINGS) return -1;
    std::uint64_t* seen = arena.fill<std::uint64_t>(std::size_t((spellings + 63) / 64), 0);
    const std::uint8_t* codes = letters.codes.data();
    Id kept = 0;
    for (Id j = 0; j < m; j++) {
        const std::uint8_t* word = codes + std::size_t(f.game_guess[pool[j]]) * length;
        std::uint32_t spelling = 0;
        bool blank = false;
        for (int p = 0; p < length; p++) {
            std::uint32_t d = digit[word[p]];
            spelling = spelling * base + d;
            blank |= d == 0;
        }
        // Without a blank the spelling is the word: no other guess shares it.
        std::uint64_t bit = std::uint64_t(1) << (spelling % 64);
        if (blank && (seen[spelling / 64] & bit)) continue;
        seen[spelling / 64] |= bit;
        out[kept++] = pool[j];
    }
    return kept;
}

}  // namespace wordsolver

// Wordle's hard mode: every guess must keep the green letters in place and use every letter
// revealed (green or yellow, counting copies) again; grey letters may come back.
//
// What the feedback so far demands is a rule (a letter per green position, a least count per
// revealed letter); the guesses allowed are the pool filtered by it. The rule names the pool
// in memo keys: equal rules over the same starting pool allow the same guesses.
#pragma once

#include <cstdint>
#include <vector>

#include "memo.hpp"

namespace wordsolver {

/** The words of the game as the hard-mode test reads them. */
struct Letters {
    int length = 0;                       // 0: no hard mode
    int count_words = 0;                  // 64-bit words of letter counts per guess
    std::vector<std::uint64_t> packed;    // each guess's letters, one byte per position
    std::vector<std::uint64_t> counts;    // each guess's letter counts, four bits per letter
    std::vector<std::uint8_t> codes;      // each guess's letters
    std::vector<std::uint8_t> digits;     // each pattern's colour per position (0, 1, 2)

    /** ``codes``: guesses × length letter codes; ``digits``: patterns × length colours. */
    void load(const std::uint8_t* guess_codes, std::int64_t n_guesses, int word_length,
              const std::uint8_t* pattern_digits, std::int64_t n_patterns) {
        length = word_length;
        int n_letters = 1;
        for (std::int64_t k = 0; k < n_guesses * length; k++)
            n_letters = guess_codes[k] + 1 > n_letters ? guess_codes[k] + 1 : n_letters;
        count_words = (n_letters + 15) / 16;
        codes.assign(guess_codes, guess_codes + n_guesses * length);
        digits.assign(pattern_digits, pattern_digits + n_patterns * length);
        packed.assign(std::size_t(n_guesses), 0);
        counts.assign(std::size_t(n_guesses * count_words), 0);
        for (std::int64_t g = 0; g < n_guesses; g++) {
            for (int i = 0; i < length; i++) {
                std::uint8_t letter = guess_codes[g * length + i];
                packed[g] |= std::uint64_t(letter) << (8 * i);
                counts[g * count_words + letter / 16] += std::uint64_t(1) << (4 * (letter % 16));
            }
        }
    }
};

/** What the feedback so far demands: a letter (code + 1) per green position, and a least
 *  count per revealed letter (at most one entry per letter of the secret). */
struct Rule {
    std::uint8_t green[8] = {0};
    std::uint8_t n_needs = 0;
    std::uint8_t need_letter[8] = {0};
    std::uint8_t need_count[8] = {0};

    /** This rule and what ``guess`` earning ``pattern`` reveals. */
    Rule after(const Letters& words, std::int64_t guess, std::int64_t pattern) const {
        Rule next = *this;
        const std::uint8_t* letters = &words.codes[guess * words.length];
        const std::uint8_t* colours = &words.digits[pattern * words.length];
        std::uint8_t revealed[8];
        std::uint8_t copies[8];
        int n_revealed = 0;
        for (int i = 0; i < words.length; i++) {
            if (colours[i] == 2) next.green[i] = std::uint8_t(letters[i] + 1);
            if (colours[i] == 0) continue;
            int k = 0;
            while (k < n_revealed && revealed[k] != letters[i]) k++;
            if (k == n_revealed) {
                revealed[n_revealed] = letters[i];
                copies[n_revealed++] = 0;
            }
            copies[k]++;
        }
        for (int r = 0; r < n_revealed; r++) next.need(revealed[r], copies[r]);
        return next;
    }

    /** Write the rule into a key. */
    void add_to(Key& key, int length) const {
        for (int i = 0; i < length; i++) key.add(green[i]);
        for (int k = 0; k < n_needs; k++) key.add(Word(need_letter[k] << 8 | need_count[k]));
    }

private:
    void need(std::uint8_t letter, std::uint8_t count) {
        int k = 0;
        while (k < n_needs && need_letter[k] < letter) k++;
        if (k < n_needs && need_letter[k] == letter) {
            if (count > need_count[k]) need_count[k] = count;
            return;
        }
        if (n_needs >= 8) return;  // cannot happen: revealed copies never outnumber letters
        for (int j = n_needs; j > k; j--) {
            need_letter[j] = need_letter[j - 1];
            need_count[j] = need_count[j - 1];
        }
        need_letter[k] = letter;
        need_count[k] = count;
        n_needs++;
    }
};

/** The test of one piece of feedback: ``guess`` earned ``pattern``. */
struct Demand {
    std::uint64_t green_mask = 0;
    std::uint64_t green_letters = 0;
    std::uint64_t needs[16] = {0};

    Demand(const Letters& words, std::int64_t guess, std::int64_t pattern) {
        const std::uint8_t* letters = &words.codes[guess * words.length];
        const std::uint8_t* colours = &words.digits[pattern * words.length];
        for (int i = 0; i < words.length; i++) {
            if (colours[i] == 2) {
                green_mask |= std::uint64_t(0xFF) << (8 * i);
                green_letters |= std::uint64_t(letters[i]) << (8 * i);
            }
            if (colours[i] != 0)
                needs[letters[i] / 16] += std::uint64_t(1) << (4 * (letters[i] % 16));
        }
    }

    /** Whether guess ``g`` meets the demand. Counts are at most 7, so each four-bit field
     *  compares by one subtraction with its top bit set, and no field borrows. */
    bool allows(const Letters& words, std::int64_t g) const {
        if ((words.packed[g] & green_mask) != green_letters) return false;
        constexpr std::uint64_t tops = 0x8888888888888888ull;
        const std::uint64_t* have = &words.counts[g * words.count_words];
        for (int k = 0; k < words.count_words; k++)
            if ((((have[k] | tops) - needs[k]) & tops) != tops) return false;
        return true;
    }
};

/** Writes to ``out`` the guesses of ``pool`` (``m`` of them, in order) that hard mode allows
 *  after ``guess`` earned ``pattern``; returns how many. */
template <class Guess, class Out>
std::int64_t allowed_after(const Letters& words, std::int64_t guess, std::int64_t pattern,
                           const Guess* pool, std::int64_t m, Out* out) {
    Demand demand(words, guess, pattern);
    std::int64_t n = 0;
    for (std::int64_t j = 0; j < m; j++)
        if (demand.allows(words, pool[j])) out[n++] = Out(pool[j]);
    return n;
}

}  // namespace wordsolver

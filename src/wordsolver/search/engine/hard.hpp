// Hard mode: which guesses stay allowed after a guess earned a pattern, as the game's rule
// states it (wordsolver/games/rule.py, HardMode), in one of two forms:
//
// - kept letters (Wordle's own): each pattern marks each position free (0), present (1) or
//   placed (2); every guess must keep the placed letters in place and use every present or
//   placed letter again, counting copies; free letters may come back. Words of up to
//   MAX_KEPT_LENGTH (16) letters: a guess's letters packed a byte per position in one or two
//   64-bit words, its letters' copies in fields of 4 bits (8 when a guess holds a letter
//   more than 7 times), compared a word at a time.
// - consistent (the general rule): every guess must be one the feedback allows as the secret,
//   read from a table of the feedback of guesses against guesses: of every guess while it
//   fits, else of the guesses of the pool a search starts from (in hard mode every later
//   pool is a subset of it), with a map from game id to place in the table.
//
// What the feedback so far demands is a rule (kept letters, Rule: a letter per placed
// position, a least count per revealed letter; consistent, Seen: the guesses and patterns so
// far); the guesses allowed are the pool filtered by it. The rule names the pool in memo keys:
// equal rules over the same starting pool allow the same guesses. The search is compiled once
// for each kind of rule, so that neither pays for the other.
#pragma once

#include <cstdint>
#include <vector>

#include "memo.hpp"

namespace wordsolver {

/** Guesses a consistent rule remembers: more than any search plays (its tries are at most
 *  UNLIMITED_TRIES, 32, and a key is made with two tries left at least). */
constexpr int MAX_SEEN = 32;

/** Longest words kept letters take: two 64-bit words of letters, one byte per position. */
constexpr int MAX_KEPT_LENGTH = 16;

/** The words of the game as the kept-letters test reads them. */
struct Letters {
    int length = 0;                       // 0: no hard mode
    int packed_words = 0;                 // 64-bit words of letters per guess (1 or 2)
    int field_bits = 4;                   // bits per letter count: 4, or 8 when a guess
                                          // holds a letter more than 7 times
    std::uint64_t tops = 0;               // the top bit of every count field
    int count_words = 0;                  // 64-bit words of letter counts per guess
    std::vector<std::uint64_t> packed;    // each guess's letters, one byte per position
    std::vector<std::uint64_t> counts;    // each guess's letter counts, a field per letter
    std::vector<std::uint8_t> codes;      // each guess's letters
    std::vector<std::uint8_t> digits;     // each pattern's mark per position (0, 1, 2)

    /** ``codes``: guesses × length letter codes; ``digits``: patterns × length marks;
     *  ``word_length`` at most MAX_KEPT_LENGTH. */
    void load(const std::uint8_t* guess_codes, std::int64_t n_guesses, int word_length,
              const std::uint8_t* pattern_digits, std::int64_t n_patterns) {
        length = word_length;
        packed_words = (length + 7) / 8;
        int n_letters = 1;
        for (std::int64_t k = 0; k < n_guesses * length; k++)
            n_letters = guess_codes[k] + 1 > n_letters ? guess_codes[k] + 1 : n_letters;
        field_bits = most_copies(guess_codes, n_guesses) <= 7 ? 4 : 8;
        const int per_word = 64 / field_bits;
        tops = 0;
        for (int f = 0; f < per_word; f++) tops |= std::uint64_t(1) << (f * field_bits + field_bits - 1);
        count_words = (n_letters + per_word - 1) / per_word;
        codes.assign(guess_codes, guess_codes + n_guesses * length);
        digits.assign(pattern_digits, pattern_digits + n_patterns * length);
        packed.assign(std::size_t(n_guesses * packed_words), 0);
        counts.assign(std::size_t(n_guesses * count_words), 0);
        for (std::int64_t g = 0; g < n_guesses; g++) {
            for (int i = 0; i < length; i++) {
                std::uint8_t letter = guess_codes[g * length + i];
                packed[g * packed_words + i / 8] |= std::uint64_t(letter) << (8 * (i % 8));
                counts[g * count_words + letter / per_word] +=
                    std::uint64_t(1) << (field_bits * (letter % per_word));
            }
        }
    }

private:
    /** The most copies of one letter any guess holds. */
    int most_copies(const std::uint8_t* guess_codes, std::int64_t n_guesses) const {
        int most = 0;
        for (std::int64_t g = 0; g < n_guesses; g++) {
            const std::uint8_t* word = guess_codes + g * length;
            for (int i = 0; i < length; i++) {
                int copies = 0;
                for (int j = 0; j < length; j++) copies += word[j] == word[i];
                most = copies > most ? copies : most;
            }
        }
        return most;
    }
};

/** What kept letters demand so far: a letter (code + 1) per placed position, and a least count
 *  per revealed letter (at most one entry per letter of the secret). */
struct Rule {
    std::uint8_t green[MAX_KEPT_LENGTH] = {0};
    std::uint8_t n_needs = 0;
    std::uint8_t need_letter[MAX_KEPT_LENGTH] = {0};
    std::uint8_t need_count[MAX_KEPT_LENGTH] = {0};

    /** This rule and what ``guess`` earning ``pattern`` reveals. */
    Rule after(const Letters& words, std::int64_t guess, std::int64_t pattern) const {
        Rule next = *this;
        const std::uint8_t* letters = &words.codes[guess * words.length];
        const std::uint8_t* colours = &words.digits[pattern * words.length];
        std::uint8_t revealed[MAX_KEPT_LENGTH];
        std::uint8_t copies[MAX_KEPT_LENGTH];
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
        if (n_needs >= MAX_KEPT_LENGTH) return;  // cannot happen: revealed copies never outnumber letters
        for (int j = n_needs; j > k; j--) {
            need_letter[j] = need_letter[j - 1];
            need_count[j] = need_count[j - 1];
        }
        need_letter[k] = letter;
        need_count[k] = count;
        n_needs++;
    }
};

/** What consistency demands so far: each guess played (its game id) and its pattern
 *  (guess << 16 | pattern, the pattern below 2^16), ascending (the pool does not depend on
 *  their order). Game ids, not places in the table, so that a key means the same whatever
 *  table the search reads. */
struct Seen {
    std::uint8_t n = 0;
    std::uint64_t played[MAX_SEEN] = {0};

    /** These and ``guess`` earning ``pattern``. */
    Seen after(std::int64_t guess, std::int64_t pattern) const {
        Seen next = *this;
        if (n >= MAX_SEEN) return next;  // cannot happen: tries are checked on entry
        std::uint64_t entry = std::uint64_t(guess) << 16 | std::uint64_t(pattern);
        int k = n;
        while (k > 0 && next.played[k - 1] > entry) {
            next.played[k] = next.played[k - 1];
            k--;
        }
        next.played[k] = entry;
        next.n++;
        return next;
    }

    /** Write them into a key (``wide``: a guess in two words, for ids past 2^16). */
    void add_to(Key& key, bool wide) const {
        for (int k = 0; k < n; k++) {
            if (wide) key.add(Word(played[k] >> 32));
            key.add(Word(played[k] >> 16));
            key.add(Word(played[k] & 0xFFFF));
        }
    }
};

/** The test of one piece of feedback: ``guess`` earned ``pattern``. */
struct Demand {
    std::uint64_t green_mask[2] = {0, 0};
    std::uint64_t green_letters[2] = {0, 0};
    std::uint64_t needs[32] = {0};  // 256 letter codes in fields of 8 bits at most

    Demand(const Letters& words, std::int64_t guess, std::int64_t pattern) {
        const std::uint8_t* letters = &words.codes[guess * words.length];
        const std::uint8_t* colours = &words.digits[pattern * words.length];
        const int per_word = 64 / words.field_bits;
        for (int i = 0; i < words.length; i++) {
            if (colours[i] == 2) {
                green_mask[i / 8] |= std::uint64_t(0xFF) << (8 * (i % 8));
                green_letters[i / 8] |= std::uint64_t(letters[i]) << (8 * (i % 8));
            }
            if (colours[i] != 0)
                needs[letters[i] / per_word] +=
                    std::uint64_t(1) << (words.field_bits * (letters[i] % per_word));
        }
    }

    /** Whether guess ``g`` meets the demand. A count field holds less than its top bit
     *  (load picks the width), so each compares by one subtraction with its top bit set, and
     *  no field borrows. */
    bool allows(const Letters& words, std::int64_t g) const {
        const std::uint64_t* letters = &words.packed[g * words.packed_words];
        if ((letters[0] & green_mask[0]) != green_letters[0]) return false;
        if (words.packed_words > 1 && (letters[1] & green_mask[1]) != green_letters[1])
            return false;
        const std::uint64_t tops = words.tops;
        const std::uint64_t* have = &words.counts[g * words.count_words];
        for (int k = 0; k < words.count_words; k++)
            if ((((have[k] | tops) - needs[k]) & tops) != tops) return false;
        return true;
    }
};

/** A game's hard mode, in one of the two forms (neither: free play). Each method comes for
 *  both kinds of rule: kept letters (Rule) and consistency (Seen).
 *
 *  Consistency reads a table of the feedback of some guesses against the same guesses
 *  (``width`` of them): every guess of the game (``place`` null), or only those a search can
 *  play, the guesses of the pool it starts from (every later pool is a subset of it), each
 *  game id at ``place[id]`` in the table (-1: not in it). The search reads it only for the
 *  guesses of its pools, which its caller checks the table covers (``covers``). */
template <class Cell>
struct HardMode {
    Letters letters;                 // kept letters (length 0: not this form)
    bool consistent_rule = false;    // consistency (the table may cover no guess yet)
    const Cell* feedback = nullptr;  // feedback[place(played) * width + place(g)], g the secret
    std::int64_t width = 0;
    const std::int32_t* place = nullptr;  // game id → place in the table (null: the same)
    std::int64_t n_guesses = 0;           // the game's guesses (ids below it)

    bool on() const { return letters.length > 0 || consistent_rule; }
    bool consistent() const { return consistent_rule; }

    /** Where a guess of the game is in the table, -1 when it is not. */
    std::int64_t place_of(std::int64_t guess) const {
        if (guess < 0 || guess >= n_guesses) return -1;
        return place == nullptr ? guess : place[guess];
    }

    /** Whether the table holds every guess of ``pool`` (``m`` game ids). */
    template <class Guess>
    bool covers(const Guess* pool, std::int64_t m) const {
        for (std::int64_t j = 0; j < m; j++)
            if (place_of(std::int64_t(pool[j])) < 0) return false;
        return true;
    }

    /** The rule and ``guess`` earning ``pattern``. */
    Rule after(const Rule& rule, std::int64_t guess, std::int64_t pattern) const {
        return rule.after(letters, guess, pattern);
    }
    Seen after(const Seen& seen, std::int64_t guess, std::int64_t pattern) const {
        return seen.after(guess, pattern);
    }

    /** Write the rule into a key. */
    void add_to(Key& key, const Rule& rule) const { rule.add_to(key, letters.length); }
    void add_to(Key& key, const Seen& seen) const { seen.add_to(key, n_guesses > 0xFFFF); }

    /** Writes to ``out`` the guesses of ``pool`` (``m`` of them, in order) allowed after
     *  ``guess`` earned ``pattern``; returns how many. */
    template <class Guess, class Out>
    std::int64_t allowed_after(const Rule&, std::int64_t guess, std::int64_t pattern,
                               const Guess* pool, std::int64_t m, Out* out) const {
        Demand demand(letters, guess, pattern);
        std::int64_t n = 0;
        for (std::int64_t j = 0; j < m; j++)
            if (demand.allows(letters, pool[j])) out[n++] = Out(pool[j]);
        return n;
    }
    template <class Guess, class Out>
    std::int64_t allowed_after(const Seen&, std::int64_t guess, std::int64_t pattern,
                               const Guess* pool, std::int64_t m, Out* out) const {
        const Cell* row = feedback + place_of(guess) * width;
        const Cell wanted = Cell(pattern);
        std::int64_t n = 0;
        if (place == nullptr) {
            for (std::int64_t j = 0; j < m; j++)
                if (row[pool[j]] == wanted) out[n++] = Out(pool[j]);
        } else {
            for (std::int64_t j = 0; j < m; j++)
                if (row[place[pool[j]]] == wanted) out[n++] = Out(pool[j]);
        }
        return n;
    }
};

}  // namespace wordsolver

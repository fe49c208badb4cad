// The exact search's memo: what is known of each set searched, shared by every thread.
//
// A key is the set itself (tries left, a tag naming the pool, the game's secret ids in
// ascending order), held as 16-bit words and compared in full: two sets share an entry only
// when they are equal. An entry holds the exact value (with the deepest secret and the guess)
// or a proven lower bound. The table is split into stripes, each with its own lock, table
// and key store, so that threads rarely wait for each other. A stripe past its share of the
// memory budget drops its entries for the smallest sets: those cost least to search again.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <vector>

namespace wordsolver {

using i64 = std::int64_t;
using Word = std::uint16_t;

/** The value of a set that cannot be solved within the tries left. */
constexpr i64 INFEASIBLE = i64(1) << 60;

/** What the search knows of a set: the exact value or a proven lower bound. */
struct Value {
    i64 lower = 0;
    bool exact = false;
    int worst = 0;   // the deepest secret's guesses (exact values only)
    i64 guess = -1;  // the game's guess row that reaches the value (exact values only)
};

/** A key being built: 16-bit words and their hash. */
struct Key {
    std::vector<Word> words;
    std::uint64_t hash = 0;

    void start(int tries, Word pool_tag, int n) {
        words.clear();
        words.push_back(Word(tries));
        words.push_back(pool_tag);
        words.push_back(Word(n));
    }
    void add(Word w) { words.push_back(w); }
    /** Seal the key: hash its words (the hash only picks slots; keys compare in full). */
    void seal() {
        std::uint64_t h = 0x9E3779B97F4A7C15ull;
        for (Word w : words) {
            h = (h ^ w) * 0xFF51AFD7ED558CCDull;
            h ^= h >> 29;
        }
        h ^= h >> 32;
        hash = h | 1;  // 0 marks an empty slot
    }
};

class Memo {
public:
    explicit Memo(std::size_t budget_bytes) : stripe_budget_(budget_bytes / STRIPES) {}

    /** The entry of a key, if any. */
    bool find(const Key& key, Value& out) {
        Stripe& stripe = stripes_[key.hash >> (64 - STRIPE_BITS)];
        std::lock_guard<std::mutex> guard(stripe.lock);
        if (stripe.slots.empty()) return false;
        const Entry* entry = stripe.locate(key);
        if (entry == nullptr || entry->hash == 0) return false;
        out.lower = entry->lower;
        out.exact = entry->exact;
        out.worst = entry->worst;
        out.guess = entry->guess;
        return true;
    }

    /** Record what is known of a key: an exact value replaces a bound, a bound only raises
     *  the bound known (never replaces an exact value). */
    void store(const Key& key, const Value& value) {
        Stripe& stripe = stripes_[key.hash >> (64 - STRIPE_BITS)];
        std::lock_guard<std::mutex> guard(stripe.lock);
        if (stripe.slots.empty()) stripe.resize(INITIAL_SLOTS);
        Entry* entry = stripe.locate(key);
        if (entry->hash != 0) {
            if (entry->exact) return;
            if (value.exact || value.lower > entry->lower) entry->set(value);
            return;
        }
        if (2 * (stripe.used + 1) > stripe.slots.size()) {
            stripe.make_room(stripe_budget_);
            entry = stripe.locate(key);
        }
        entry->hash = key.hash;
        entry->offset = std::uint32_t(stripe.keys.size());
        entry->length = std::uint32_t(key.words.size());
        stripe.keys.insert(stripe.keys.end(), key.words.begin(), key.words.end());
        entry->set(value);
        stripe.used++;
    }

    /** Entries held (for tests and statistics). */
    std::size_t size() {
        std::size_t total = 0;
        for (Stripe& stripe : stripes_) {
            std::lock_guard<std::mutex> guard(stripe.lock);
            total += stripe.used;
        }
        return total;
    }

private:
    static constexpr int STRIPE_BITS = 6;
    static constexpr int STRIPES = 1 << STRIPE_BITS;
    static constexpr std::size_t INITIAL_SLOTS = 256;

    struct Entry {
        std::uint64_t hash = 0;
        i64 lower = 0;
        std::uint32_t offset = 0;  // the key's words in the stripe's store
        std::uint32_t length = 0;
        std::int32_t guess = -1;
        std::uint8_t worst = 0;
        bool exact = false;

        void set(const Value& value) {
            lower = value.lower;
            exact = value.exact;
            worst = std::uint8_t(value.worst);
            guess = std::int32_t(value.guess);
        }
    };

    struct Stripe {
        std::mutex lock;
        std::vector<Entry> slots;  // a power of two, linear probing, at most half full
        std::vector<Word> keys;
        std::size_t used = 0;

        bool holds(const Entry& entry, const Key& key) const {
            return entry.hash == key.hash && entry.length == key.words.size() &&
                   std::memcmp(&keys[entry.offset], key.words.data(),
                               key.words.size() * sizeof(Word)) == 0;
        }

        /** The key's slot, or the empty slot where it would go. */
        Entry* locate(const Key& key) {
            std::size_t mask = slots.size() - 1;
            std::size_t slot = std::size_t(key.hash) & mask;
            while (slots[slot].hash != 0 && !holds(slots[slot], key)) slot = (slot + 1) & mask;
            return &slots[slot];
        }

        std::size_t bytes() const {
            return slots.size() * sizeof(Entry) + keys.capacity() * sizeof(Word);
        }

        /** Double the table, or (past the budget) keep only the entries of the larger sets. */
        void make_room(std::size_t budget) {
            std::size_t grown = 2 * slots.size() * sizeof(Entry) + keys.capacity() * sizeof(Word);
            if (grown <= budget || used < 2 * INITIAL_SLOTS) {
                resize(2 * slots.size());
                return;
            }
            // Keep the larger half: a set's size is its key's length.
            std::vector<std::uint32_t> lengths;
            lengths.reserve(used);
            for (const Entry& entry : slots)
                if (entry.hash != 0) lengths.push_back(entry.length);
            std::nth_element(lengths.begin(), lengths.begin() + lengths.size() / 2, lengths.end());
            std::uint32_t keep_from = lengths[lengths.size() / 2] + 1;
            rebuild(slots.size(), keep_from);
        }

        void resize(std::size_t n_slots) { rebuild(n_slots, 0); }

        void rebuild(std::size_t n_slots, std::uint32_t keep_from) {
            std::vector<Entry> old;
            old.swap(slots);
            std::vector<Word> old_keys;
            old_keys.swap(keys);
            slots.assign(n_slots, Entry());
            keys.reserve(old_keys.size());
            used = 0;
            std::size_t mask = n_slots - 1;
            for (const Entry& entry : old) {
                if (entry.hash == 0 || entry.length < keep_from) continue;
                std::size_t slot = std::size_t(entry.hash) & mask;
                while (slots[slot].hash != 0) slot = (slot + 1) & mask;
                Entry& moved = slots[slot];
                moved = entry;
                moved.offset = std::uint32_t(keys.size());
                keys.insert(keys.end(), old_keys.begin() + entry.offset,
                            old_keys.begin() + entry.offset + entry.length);
                used++;
            }
        }
    };

    std::size_t stripe_budget_;
    Stripe stripes_[STRIPES];
};

}  // namespace wordsolver

// The exact search: the fewest total guesses that solve a set of equally likely secrets (or the
// least weighted total, each secret counting its weight), ties broken by the shallower deepest
// secret, with its proof.
//
// The same rules as the readable search the tests hold it to (tests/readable_search.py): closed
// forms for one and two candidates and for a candidate that tells all the others apart (or
// all but one pair); each guess's admissible bound 3n − w − k (k buckets, w = 1 when it may
// win), exact when no bucket holds more than two; the level floor of every bucket, or the
// bound the memo proved for it; guesses tried in order of bound then evenness of split and
// abandoned as soon as their guesses so far plus the floors of their open buckets pass the
// best total found (each bucket searched only for a value that can still fit, smallest
// first); and, outside hard mode, the pool of every set cut to one guess per distinct split,
// which serves all its subsets as well; smaller sets, when the rule lets letters no candidate
// holds earn alike, one guess per spelling of the letters they hold (letters.hpp). Large sets
// get frames of their own (frame.hpp).
//
// Guessing only candidates (Game::only_candidates), a set's pool is its own candidates, which
// the set decides: its memo key names no pool, and each bucket's pool is its own candidates
// whatever the guess. Every guess of such a pool may win, so none splits like another and no
// pool is cut (nor framed: the pools are small). The level floors still hold, a bucket's
// guesses being some of its parent's. Hard mode changes nothing then: a candidate is always
// allowed.
//
// In hard mode (hard.hpp) each bucket's pool is its parent's pool filtered by what the guess
// earned, so every pool is a subset of the one the search starts from: a memo key names that
// starting pool (its tag) and what the feedback demands since (kept letters' Rule, or the
// guesses and patterns played, by game id, for consistency), and consistency's table need
// hold only the starting pool's guesses (the caller checks it does).
//
// Weighted (each secret counts its weight w, the set weighs W): a bucket of one or two costs
// 2W − max w, a heaviest candidate that tells the others apart 2W − max w (no other guess does
// better), a guess's bound is 3W − w(the guess, when it may win) − Σ max w over its buckets,
// exact when no bucket holds more than two, and a bucket's level floor is weighted
// (weighted_level_floor). Shortcuts true only of equal weights (a candidate leaving one pair,
// 2n for a set without a perfect candidate) are left out.
// The search is compiled once for each, so that equal weights pay nothing for weights.
//
// Several threads may search at once, each with its own Search and Arena, sharing the memo;
// a shared stop flag (a time budget, or a node budget spent) ends every search cleanly: a
// stopped search returns proven lower bounds only.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "arena.hpp"
#include "frame.hpp"
#include "hard.hpp"
#include "letters.hpp"
#include "memo.hpp"
#include "scan.hpp"

namespace wordsolver {
/** The largest weight a secret may have (sums of PAIR_LIMIT of them fit in 32 bits). */
constexpr i64 MAX_UNITS = i64(1) << 24;
/** Sets of fewer candidates keep their parent's pool (finding splits costs more than it saves). */
constexpr Id DEDUP_MIN = 24;
/** Sets of at least this many candidates, and at most a quarter of their frame's secrets, get
 *  a frame of their own. */
constexpr Id FRAME_MIN = 24;
/** Guesses ordered by selection before the rest are sorted. */
constexpr Id SELECTED = 8;

/** The game as the search reads it. */
template <class Cell>
struct Game {
    Frame<Cell> root;
    const Id* secret_row = nullptr;  // each secret's guess row
    int win = 0;
    int n_patterns = 0;
    HardMode<Cell> filter;  // hard mode's view of the guesses (off: free play)
    AbsentLetters absent;   // the guesses' letters, when absent letters earn alike (off: not)
    // Only candidates are guessed: every set's pool is its own candidates' guesses, so the set
    // decides it (and hard mode, which always allows a candidate, changes nothing).
    bool only_candidates = false;

    bool hard() const { return filter.on(); }
    /** Whether a set's pool serves its subsets as well: it may be cut and handed down. */
    bool free() const { return !filter.on() && !only_candidates; }
};

/** Asked now and then by a search on the thread that called it from Python whether to stop:
 *  a signal (Ctrl-C) came. A search asked stops every thread's search (the shared flag). */
struct Interrupt {
    virtual ~Interrupt() = default;
    virtual bool requested() = 0;
};

/** An Interrupt is asked at every set of at least this many candidates, and once per this many
 *  smaller sets (it looks at the clock, then maybe at the signals: cheap next to their search). */
constexpr unsigned INTERRUPT_EVERY = 64;

/** What every thread's search shares: the budget and the stop flag. */
struct Shared {
    std::atomic<i64> nodes{0};
    std::atomic<i64> budget{-1};  // stop when nodes reach it (-1: no limit)
    std::atomic<int> stop{0};
    int beam = 0;  // keep only this many guesses per set (0: all)
};

/** The search of a game whose hard mode (if any) keeps what it demands in rules of type R:
 *  Rule (kept letters, and free play) or Seen (consistency); ``Weighted``: secrets count the
 *  weights of the game's root frame (its units), else one each. */
template <class Cell, class R = Rule, bool Weighted = false>
class Search {
public:
    Search(const Game<Cell>& game, Memo& memo, Shared& shared, Arena& arena, Word pool_tag,
           Interrupt* interrupt = nullptr)
        : game_(game), memo_(memo), shared_(shared), arena_(arena), tag_(pool_tag),
          keys_(64), interrupt_(interrupt) {}

    /** The value of a sorted set of a frame's secrets with ``tries`` left, guessing from
     *  ``pool`` (columns of the frame): exact when it is at most ``beta``, else a proven lower
     *  bound above ``beta``. ``rule``: what hard mode demands of the pool's guesses. */
    Value solve(const Frame<Cell>& f, const Id* set, Id n, const Id* pool, Id m, int tries,
                i64 beta, const R& rule, int depth = 0) {
        if (n == 1) {
            if (tries >= 1)
                return exact(weight_of(f, set[0]), 1, game_.secret_row[f.game_secret[set[0]]]);
            return exact(INFEASIBLE, 0, -1);
        }
        if (tries <= 1) return exact(INFEASIBLE, 0, -1);
        if (n == 2) return pair(f, set);
        Key& key = keys_[std::size_t(depth)];
        make_key(key, f, set, n, tries, rule);
        Value known;
        i64 known_lower = 0;
        if (memo_.find(key, known)) {
            if (known.exact) return known;
            known_lower = known.lower;
            if (known_lower >= beta) return known;
        }
        const Mass mass = mass_of<Weighted>(f, set, n);
        i64 least_possible = std::max(known_lower, least_total(mass));
        if (shared_.stop.load(std::memory_order_relaxed)) return bound(least_possible);
        i64 nodes = shared_.nodes.fetch_add(1, std::memory_order_relaxed) + 1;
        i64 budget = shared_.budget.load(std::memory_order_relaxed);
        if (budget >= 0 && nodes >= budget) {
            shared_.stop.store(1);
            return bound(least_possible);
        }
        if (interrupt_ != nullptr &&
            (n >= Id(INTERRUPT_EVERY) || ++since_asked_ % INTERRUPT_EVERY == 0) &&
            interrupt_->requested()) {
            shared_.stop.store(1);
            return bound(least_possible);
        }
        Scope scope(arena_);
        std::int32_t* counts = arena_.fill<std::int32_t>(std::size_t(game_.n_patterns), 0);

        // A candidate that tells all the others apart: 2n − 1 guesses, the least any set
        // allows. Then 2n is the least; a candidate leaving one pair reaches it (deepest
        // secret at 3), a guess that splits every candidate apart reaches it with 2.
        // Weighted, only a heaviest perfect candidate reaches the least, and the pair's cost
        // depends on its weights: the search finds the rest.
        if (n <= game_.n_patterns) {
            Id* own = arena_.take<Id>(std::size_t(n));
            Id perfect = perfect_of(f, set, n, mass, own, counts);
            if (perfect >= 0)
                return remember(key, exact(least_total(mass), 2, f.game_guess[perfect]));
            Id near = !Weighted && tries >= 3 ? nearly_perfect(f, set, n, counts) : -1;
            if (near >= 0) {
                Id apart = splitter(f, set, n, pool, m, counts);
                Value v = apart < 0 ? exact(2 * i64(n), 3, f.game_guess[near])
                                    : exact(2 * i64(n), 2, f.game_guess[apart]);
                return remember(key, v);
            }
        }
        return search(f, set, n, mass, pool, m, tries, beta, rule, depth, key, known_lower,
                      counts);
    }

    /** The optimal guess the memo holds for a set of the game solved exactly, or -1. */
    i64 known_guess(const Id* set, Id n, int tries, const R& rule) {
        if (n == 1) return game_.secret_row[set[0]];
        if (n == 2) return pair(game_.root, set).guess;
        Key& key = keys_[0];
        make_key(key, game_.root, set, n, tries, rule);
        Value known;
        if (!memo_.find(key, known) || !known.exact) return -1;
        return known.guess;
    }

    /** The lower bound (or exact value) the memo holds for a set of the game, 0 if none. */
    i64 known_lower(const Id* set, Id n, int tries, const R& rule) {
        Key& key = keys_[0];
        make_key(key, game_.root, set, n, tries, rule);
        Value known;
        return memo_.find(key, known) ? known.lower : 0;
    }

private:
    static Value exact(i64 total, int worst, i64 guess) { return Value{total, true, worst, guess}; }
    static Value bound(i64 lower) { return Value{lower, false, 0, -1}; }

    /** A secret's weight: its units, or 1. */
    static i64 weight_of(const Frame<Cell>& f, Id secret) {
        if constexpr (Weighted) return f.units[secret];
        return 1;
    }

    /** Two candidates (two tries at least): the heavier first (the first when alike), the
     *  other second, ``2W − max w`` in all. */
    Value pair(const Frame<Cell>& f, const Id* set) const {
        i64 a = weight_of(f, set[0]), b = weight_of(f, set[1]);
        Id first = a >= b ? set[0] : set[1];
        return exact(a + b + std::min(a, b), 2, game_.secret_row[f.game_secret[first]]);
    }

    /** A candidate that tells the others apart and reaches the least total (weighted: a
     *  heaviest one), or -1; ``own`` scratch of n, ``counts`` zeroed scratch. */
    static Id perfect_of(const Frame<Cell>& f, const Id* set, Id n, const Mass& mass, Id* own,
                         std::int32_t* counts) {
        if constexpr (Weighted) return perfect_heaviest(f, set, n, mass.heaviest, own, counts);
        return perfect_candidate(f, set, n, own, counts);
    }

    Value remember(const Key& key, const Value& value) {
        memo_.store(key, value);
        return value;
    }

    void make_key(Key& key, const Frame<Cell>& f, const Id* set, Id n, int tries,
                  const R& rule) {
        key.start(tries, tag_, n);
        for (Id i = 0; i < n; i++) key.add(Word(f.game_secret[set[i]]));
        if (game_.hard()) game_.filter.add_to(key, rule);
        key.seal();
    }

    /** Score the pool, cut it, give the set a frame when large, then try its guesses. */
    Value search(const Frame<Cell>& f, const Id* set, Id n, const Mass& mass, const Id* pool,
                 Id m, int tries, i64 beta, const R& rule, int depth, const Key& key,
                 i64 known_lower, std::int32_t* counts) {
        std::uint8_t* in_set = arena_.fill<std::uint8_t>(std::size_t(f.n_secrets), 0);
        for (Id i = 0; i < n; i++) in_set[set[i]] = 1;
        // Guessing only candidates, every guess may win: none splits like another, and none
        // spells the letters held like another (its letters are all held).
        bool dedup = game_.free() && n >= DEDUP_MIN;
        if (game_.free() && !dedup && game_.absent.on()) {
            Id* spelled = arena_.take<Id>(std::size_t(m));
            Id kept = one_per_spelling(f, game_.absent, set, n, pool, m, arena_, spelled);
            if (kept >= 0) {
                pool = spelled;
                m = kept;
            }
        }
        // Small sets find equal splits by fingerprints from their pairwise scoring; large
        // ones by their bucket statistics (keep_distinct).
        bool prints = dedup && sizeof(Cell) == 1 && n <= pair_max();
        Scores all{arena_.take<i64>(std::size_t(m)), arena_.take<i64>(std::size_t(m)),
                   arena_.take<i64>(std::size_t(m)), arena_.take<std::uint8_t>(std::size_t(m)),
                   prints ? arena_.take<std::uint64_t>(std::size_t(m)) : nullptr};
        if constexpr (Weighted) {
            all.peaks = arena_.take<i64>(std::size_t(m));
            Id* heavy = arena_.take<Id>(std::size_t(n));
            heaviest_first(f, set, n, heavy);
            score_guesses<true>(f, heavy, n, pool, m, in_set, all, prints, arena_);
        } else {
            score_guesses<false>(f, set, n, pool, m, in_set, all, prints, arena_);
        }
        std::int32_t* scratch_a = arena_.fill<std::int32_t>(std::size_t(game_.n_patterns), -1);
        std::int32_t* scratch_b = arena_.fill<std::int32_t>(std::size_t(game_.n_patterns), -1);
        Id* kept = arena_.take<Id>(std::size_t(m));
        Id mk = keep_useful(f, set, n, pool, m, all, dedup, arena_, scratch_a, scratch_b, kept);

        // The kept guesses, moved to the front of the pool's scores (kept is increasing, so
        // in place), and the frame the set is searched in.
        i64* n_buckets = all.n_buckets;
        i64* worst = all.worst;
        i64* sum_squares = all.sum_squares;
        std::uint8_t* can_win = all.can_win;
        i64* peaks = all.peaks;
        Id* outer = kept;
        for (Id k = 0; k < mk; k++) {
            Id j = kept[k];
            n_buckets[k] = all.n_buckets[j];
            worst[k] = all.worst[j];
            sum_squares[k] = all.sum_squares[j];
            can_win[k] = all.can_win[j];
            if constexpr (Weighted) peaks[k] = all.peaks[j];
            outer[k] = pool[j];
        }
        Frame<Cell> frame = f;
        const Id* local = set;
        const Id* columns = outer;
        if (dedup && n >= FRAME_MIN && 4 * n <= f.n_secrets) {
            Id* local_set = arena_.take<Id>(std::size_t(n));
            Id* local_columns = arena_.take<Id>(std::size_t(mk));
            frame = sub_frame(f, set, n, outer, mk, arena_, local_set, local_columns);
            local = local_set;
            columns = local_columns;
        }

        // Bounds: 3n − w − k (weighted: 3W − w(guess) − Σ peaks), exact for guesses whose
        // buckets hold at most two secrets.
        i64* bounds = arena_.take<i64>(std::size_t(mk));
        std::uint8_t* closed = arena_.take<std::uint8_t>(std::size_t(mk));
        i64 fan_out = 1;
        i64 least = INFEASIBLE;
        const i64 cut = std::min(beta + 1, INFEASIBLE);  // ties stay in play for the worst case
        Id n_useful = 0;
        for (Id k = 0; k < mk; k++) {
            fan_out = std::max(fan_out, n_buckets[k]);
            i64 b;
            if constexpr (Weighted) {
                i64 win = can_win[k] ? f.units[f.owner[outer[k]]] : 0;
                b = 3 * mass.total - win - peaks[k];
            } else {
                b = 3 * i64(n) - can_win[k] - n_buckets[k];
            }
            closed[k] = worst[k] <= (tries == 2 ? 1 : 2);
            if (tries == 2 && !closed[k]) b = INFEASIBLE;
            bounds[k] = b;
            least = std::min(least, b);
            n_useful += b < cut;
        }
        if (n_useful == 0) {
            Value v = bound(std::max(least, known_lower));
            if (!stopped()) memo_.store(key, v);
            return v;
        }
        // Each useful guess's rank packs (bound, Σ size², position): unique, so that a
        // partial selection finds the first few in order. Weighted bounds take more bits.
        int index_bits = bits_for(mk);
        int square_bits = bits_for(i64(n) * n + 1);
        Rank* order = arena_.take<Rank>(std::size_t(n_useful));
        Id u = 0;
        for (Id k = 0; k < mk; k++)
            if (bounds[k] < cut)
                order[u++] = Rank(bounds[k]) << (square_bits + index_bits) |
                             Rank(sum_squares[k]) << index_bits | Rank(k);
        const Rank index_mask = (Rank(1) << index_bits) - 1;
        Id n_order = shared_.beam > 0 ? std::min<Id>(Id(shared_.beam), n_useful) : n_useful;
        if (n_order < n_useful) {  // a beam keeps its best few, in order
            std::nth_element(order, order + n_order - 1, order + n_useful);
            std::sort(order, order + n_order);
        }
        bool sorted = n_order < n_useful || n_order <= SELECTED;
        if (n_order == n_useful && sorted) std::sort(order, order + n_order);
        i64 outside_floor = INFEASIBLE;  // guesses a beam leaves out, or not worth trying
        if (n_order < mk) {
            std::uint8_t* tried = arena_.fill<std::uint8_t>(std::size_t(mk), 0);
            for (Id p = 0; p < n_order; p++) tried[order[p] & index_mask] = 1;
            for (Id k = 0; k < mk; k++)
                if (!tried[k]) outside_floor = std::min(outside_floor, bounds[k]);
        }

        Bucketing buckets = bucketing(n);
        Value best = bound(beta);
        i64 untried_floor = INFEASIBLE;
        for (Id position = 0; position < n_order; position++) {
            if (!sorted) {
                if (position < SELECTED) {
                    Id chosen = position;  // the least key among the rest moves here
                    for (Id q = position + 1; q < n_order; q++)
                        if (order[q] < order[chosen]) chosen = q;
                    std::swap(order[position], order[chosen]);
                } else {
                    std::sort(order + position, order + n_order);
                    sorted = true;
                }
            }
            if (best.exact && (best.lower < least || (best.lower == least && best.worst <= 2)))
                break;  // none of the rest can do better
            Id k = Id(order[position] & index_mask);
            if (bounds[k] > best.lower ||
                (bounds[k] == best.lower && best.exact && best.worst <= 2)) {
                // In bound order: none of the rest can do better.
                for (Id rest = position; rest < n_order; rest++)
                    untried_floor = std::min(untried_floor, bounds[order[rest] & index_mask]);
                break;
            }
            Value tried;
            if (closed[k]) {
                int deepest = worst[k] == 1 ? (n_buckets[k] > can_win[k] ? 2 : 1) : 3;
                tried = exact(bounds[k], deepest, -1);
            } else {
                tried = try_guess(frame, local, n, mass.total, columns, mk, columns[k], pool, m,
                                  tries, best.lower, fan_out, rule, depth, buckets);
            }
            if (tried.exact) {
                bool better = best.exact ? tried.lower < best.lower ||
                                               (tried.lower == best.lower && tried.worst < best.worst)
                                         : tried.lower <= best.lower;
                if (better) best = exact(tried.lower, tried.worst, f.game_guess[outer[k]]);
            } else {
                untried_floor = std::min(untried_floor, tried.lower);
            }
            if (stopped()) break;
        }
        if (stopped()) return bound(std::max({least, known_lower, least_total(mass)}));
        if (best.exact) return remember(key, best);
        return remember(key, bound(std::max({std::min(untried_floor, outside_floor), beta,
                                              known_lower})));
    }

    /** Scratch for splitting a set by one guess. */
    struct Bucketing {
        Id* members;
        std::int32_t* tally;  // per pattern, zeroed
        std::int32_t* start;  // per pattern
        std::int32_t* fill;   // per pattern
        Id* patterns;         // the patterns that occur
        Id* group_pattern;
        Id* group_size;
        Id* group_start;
        i64* group_floor;
        i64* group_weight;    // weighted: the bucket's weight
        i64* group_heaviest;  // weighted: its heaviest secret's
        std::uint8_t* group_known;  // 1: its exact value is known (below)
        i64* group_value;
        int* group_worst;
        Id* group_order;
        std::int32_t* counts;  // per pattern, zeroed
    };

    Bucketing bucketing(Id n) {
        std::size_t np = std::size_t(game_.n_patterns);
        std::size_t slots = std::min<std::size_t>(std::size_t(n), np);
        Bucketing b;
        b.members = arena_.take<Id>(std::size_t(n));
        b.tally = arena_.fill<std::int32_t>(np, 0);
        b.start = arena_.take<std::int32_t>(np);
        b.fill = arena_.take<std::int32_t>(np);
        b.patterns = arena_.take<Id>(slots);
        b.group_pattern = arena_.take<Id>(slots);
        b.group_size = arena_.take<Id>(slots);
        b.group_start = arena_.take<Id>(slots);
        b.group_floor = arena_.take<i64>(slots);
        b.group_weight = Weighted ? arena_.take<i64>(slots) : nullptr;
        b.group_heaviest = Weighted ? arena_.take<i64>(slots) : nullptr;
        b.group_known = arena_.take<std::uint8_t>(slots);
        b.group_value = arena_.take<i64>(slots);
        b.group_worst = arena_.take<int>(slots);
        b.group_order = arena_.take<Id>(slots);
        b.counts = arena_.fill<std::int32_t>(np, 0);
        return b;
    }

    /** The exact total of ``guess`` (a column of ``f``) if at most ``best``, else a lower
     *  bound above it: its buckets bounded by their floors or the memo, then searched
     *  smallest first, each only for a value that still fits. */
    Value try_guess(const Frame<Cell>& f, const Id* set, Id n, i64 weight, const Id* columns,
                    Id mk, Id guess, const Id* pool, Id m, int tries, i64 best, i64 fan_out,
                    const R& rule, int depth, Bucketing& b) {
        const bool hard = game_.hard();
        // Counting sort of the set by pattern, over the patterns that occur only; stable,
        // so that each bucket stays sorted.
        Id n_touched = 0;
        for (Id i = 0; i < n; i++) {
            Cell p = f.at(set[i], guess);
            if (b.tally[p] == 0) b.patterns[n_touched++] = p;
            b.tally[p]++;
        }
        std::int32_t start = 0;
        for (Id t = 0; t < n_touched; t++) {
            Id p = b.patterns[t];
            b.start[p] = b.fill[p] = start;
            start += b.tally[p];
        }
        for (Id i = 0; i < n; i++) b.members[b.fill[f.at(set[i], guess)]++] = set[i];
        const i64 game_guess = f.game_guess[guess];
        Key& child_key = keys_[std::size_t(depth) + 1];
        Id n_groups = 0;
        i64 remaining = 0;
        for (Id t = 0; t < n_touched; t++) {
            Id p = b.patterns[t];
            Id size = b.tally[p];
            b.tally[p] = 0;
            if (p == game_.win) continue;
            const Mass bucket_mass = mass_of<Weighted>(f, b.members + b.start[p], size);
            i64 floor = Weighted ? weighted_level_floor(size, bucket_mass.total,
                                                        bucket_mass.heaviest, fan_out)
                                 : level_floor(size, fan_out);
            std::uint8_t known = 0;
            i64 value = 0;
            int deepest = 0;
            if (size > 2) {
                const Id* bucket = b.members + b.start[p];
                R child_rule = hard ? game_.filter.after(rule, game_guess, p) : rule;
                make_key(child_key, f, bucket, size, tries - 1, child_rule);
                Value found;
                if (memo_.find(child_key, found)) {
                    if (found.exact) {
                        known = 1;
                        value = found.lower;
                        deepest = found.worst;
                    }
                    floor = std::max(floor, found.lower);
                } else if (size <= game_.n_patterns) {
                    // Without a candidate that tells the others apart a bucket needs 2b
                    // (weighted, no more than its floor is known).
                    Id* own = b.group_order;  // free until the groups are ordered
                    if (perfect_of(f, bucket, size, bucket_mass, own, b.counts) >= 0) {
                        known = 1;
                        value = least_total(bucket_mass);
                        deepest = 2;
                        floor = value;
                    } else if (!Weighted) {
                        floor = std::max(floor, 2 * i64(size));
                    }
                }
            }
            b.group_pattern[n_groups] = p;
            b.group_size[n_groups] = size;
            b.group_start[n_groups] = b.start[p];
            b.group_floor[n_groups] = floor;
            if constexpr (Weighted) {
                b.group_weight[n_groups] = bucket_mass.total;
                b.group_heaviest[n_groups] = bucket_mass.heaviest;
            }
            b.group_known[n_groups] = known;
            b.group_value[n_groups] = value;
            b.group_worst[n_groups] = deepest;
            remaining = std::min(remaining + floor, INFEASIBLE);
            n_groups++;
        }
        i64 total = weight;
        if (total + remaining > best) return bound(total + remaining);
        for (Id g = 0; g < n_groups; g++) b.group_order[g] = g;
        std::stable_sort(b.group_order, b.group_order + n_groups,
                         [&b](Id x, Id y) { return b.group_size[x] < b.group_size[y]; });
        int deepest = 1;
        for (Id o = 0; o < n_groups; o++) {
            Id g = b.group_order[o];
            remaining -= b.group_floor[g];
            Id size = b.group_size[g];
            if (size <= 2 || b.group_known[g]) {
                i64 value = size > 2     ? b.group_value[g]
                            : !Weighted ? 2 * i64(size) - 1
                                        : 2 * b.group_weight[g] - b.group_heaviest[g];
                int worst = size == 1 ? 1 : size == 2 ? 2 : b.group_worst[g];
                if (size <= 2 && tries - 1 < size) value = INFEASIBLE;
                total = std::min(total + value, INFEASIBLE);
                deepest = std::max(deepest, worst + 1);
                if (total + remaining > best) return bound(std::min(total + remaining, INFEASIBLE));
                continue;
            }
            Scope scope(arena_);  // a bucket's own pool lives as long as its search
            const Id* bucket = b.members + b.group_start[g];
            const Id* child_pool = columns;
            Id child_m = mk;
            R child_rule = rule;
            if (hard) {
                Id p = b.group_pattern[g];
                child_rule = game_.filter.after(rule, game_guess, p);
                Id* filtered = arena_.take<Id>(std::size_t(m));
                child_m = Id(game_.filter.allowed_after(rule, game_guess, p, pool, m, filtered));
                child_pool = filtered;
            } else if (game_.only_candidates) {  // the bucket's candidates, whatever the guess
                Id* own = arena_.take<Id>(std::size_t(size));
                for (Id i = 0; i < size; i++) own[i] = f.own_column[bucket[i]];
                child_pool = own;
                child_m = size;
            }
            Value child = solve(f, bucket, size, child_pool, child_m, tries - 1,
                                best - total - remaining + 1, child_rule, depth + 1);
            total = std::min(total + child.lower, INFEASIBLE);
            if (!child.exact || total + remaining > best)
                return bound(std::min(total + remaining, INFEASIBLE));
            deepest = std::max(deepest, child.worst + 1);
        }
        return exact(total, deepest, game_guess);
    }

    bool stopped() const { return shared_.stop.load(std::memory_order_relaxed) != 0; }

    /** A guess's rank in a set's order: (bound, Σ size², position) packed. */
    __extension__ typedef unsigned __int128 Wide;
    using Rank = std::conditional_t<Weighted, Wide, std::uint64_t>;

    static int bits_for(i64 value) {
        int bits = 1;
        while ((i64(1) << bits) < value) bits++;
        return bits;
    }

    const Game<Cell>& game_;
    Memo& memo_;
    Shared& shared_;
    Arena& arena_;
    Word tag_;
    std::vector<Key> keys_;
    Interrupt* interrupt_;
    unsigned since_asked_ = 0;
};

}  // namespace wordsolver

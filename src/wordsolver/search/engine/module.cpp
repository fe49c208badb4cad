// wordsolver.search._engine: the compiled exact search as a Python type.
//
// An Engine holds one game's pattern matrix (read in place through the buffer protocol: no
// copy), its memo and its budget, and (when given) each secret's weight in integer units. Its
// methods take numpy arrays of ids and release the interpreter lock while they search, so
// several Python threads search at once on one Engine, sharing its memo. An Engine that guesses
// only candidates (set_only_candidates) searches every set with its own candidates as its pool,
// whatever pool it is given. See wordsolver/search/core.py for the Python face.
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "first.hpp"
#include "search.hpp"

namespace ws = wordsolver;
using ws::Id;
using ws::i64;

namespace {

/** The most tries a search may start with. */
constexpr int MAX_TRIES = 60;
/** The pool tag of every memo key when only candidates are guessed (the set decides its pool);
 *  the tags of given pools never take it. */
constexpr ws::Word OWN_POOL_TAG = 0xFFFF;

/** One game's search state, for the matrix's cell type. */
struct Core {
    virtual ~Core() = default;
    virtual ws::Value solve(const std::vector<Id>& set, int tries, const std::vector<Id>& pool,
                            i64 beta, ws::Word tag, ws::Interrupt* interrupt) = 0;
    virtual bool tree(const std::vector<Id>& set, int tries, const std::vector<Id>& pool,
                      ws::Word tag, std::vector<i64>& rows, ws::Interrupt* interrupt) = 0;
    virtual i64 known_lower(const std::vector<Id>& set, int tries, ws::Word tag) = 0;
    virtual void first_floors(const std::vector<Id>& set, const std::vector<Id>& pool,
                              i64 fan_out, i64* out) = 0;
    virtual ws::FirstGuesses first_guess_order(const std::vector<Id>& set, const std::vector<Id>& pool,
                                 bool dedup, i64* out) = 0;
    virtual Id allowed_after(const std::vector<Id>& pool, i64 guess, int pattern,
                             i64* out) = 0;
    virtual i64 least_first_floor(const std::vector<Id>& set, const std::vector<Id>& pool) = 0;
    virtual bool hard() const = 0;
    /** Whether hard mode is the consistent rule (it reads a table of guesses). */
    virtual bool consistent() const = 0;
    /** Read consistency from ``cells`` (``width`` × ``width`` of the cell type), the table of
     *  the guesses at ``place`` (game id → place; null: every guess, in order). */
    virtual void set_table(const void* cells, i64 width, const std::int32_t* place) = 0;
    /** Whether the table holds ``guess`` (-1: none) and every guess of ``pool``. */
    virtual bool covers(const std::vector<Id>& pool, i64 guess) const = 0;
    /** The most tries a search may start with (a consistent hard mode remembers its guesses). */
    virtual int max_tries() const = 0;
    virtual int n_patterns() const = 0;
    /** Keep one guess per spelling of the letters small sets hold (see letters.hpp). */
    virtual void set_letters(const std::uint8_t* codes, int length) = 0;
    /** Weigh each secret by its units (one per secret, in the game's order). */
    virtual void set_units(const i64* units, Id n) = 0;
    /** Guess only candidates: every set's pool is its own candidates' guess rows. */
    virtual void set_only_candidates() = 0;
    virtual bool only_candidates() const = 0;
    /** The guess rows of a set's own candidates. */
    virtual std::vector<Id> own_rows(const std::vector<Id>& set) const = 0;
    ws::Memo* memo = nullptr;
    ws::Shared shared;
};

ws::Arena& thread_arena() {
    static thread_local ws::Arena arena;
    return arena;
}

/** The calling thread's arena for one call from Python, trimmed when the call returns. */
class CallScratch {
public:
    CallScratch() : arena_(thread_arena()) {}
    ~CallScratch() { arena_.trim(); }
    CallScratch(const CallScratch&) = delete;
    CallScratch& operator=(const CallScratch&) = delete;
    ws::Arena& arena() { return arena_; }

private:
    ws::Arena& arena_;
};

template <class Cell>
struct TypedCore : Core {
    ws::Game<Cell> game;
    std::vector<Id> identity_secrets, identity_guesses, own_column, owner, secret_row;
    std::vector<i64> units;  // each secret's weight (empty: secrets count alike)

    TypedCore(const Cell* cells, Id n_secrets, Id n_guesses, const i64* secret_rows,
              const i64* secret_of_guess, int win, int n_patterns) {
        identity_secrets.resize(std::size_t(n_secrets));
        identity_guesses.resize(std::size_t(n_guesses));
        own_column.resize(std::size_t(n_secrets));
        owner.resize(std::size_t(n_guesses));
        secret_row.resize(std::size_t(n_secrets));
        for (Id s = 0; s < n_secrets; s++) {
            identity_secrets[std::size_t(s)] = s;
            own_column[std::size_t(s)] = Id(secret_rows[s]);
            secret_row[std::size_t(s)] = Id(secret_rows[s]);
        }
        for (Id g = 0; g < n_guesses; g++) {
            identity_guesses[std::size_t(g)] = g;
            owner[std::size_t(g)] = Id(secret_of_guess[g]);
        }
        game.root.cells = cells;
        game.root.width = n_guesses;
        game.root.n_secrets = n_secrets;
        game.root.n_patterns = n_patterns;
        game.root.own_column = own_column.data();
        game.root.owner = owner.data();
        game.root.game_secret = identity_secrets.data();
        game.root.game_guess = identity_guesses.data();
        game.secret_row = secret_row.data();
        game.win = win;
        game.n_patterns = n_patterns;
    }

    bool weighted() const { return !units.empty(); }

    ws::Value solve(const std::vector<Id>& set, int tries, const std::vector<Id>& pool,
                    i64 beta, ws::Word tag, ws::Interrupt* interrupt) override {
        if (weighted())
            return game.filter.consistent()
                       ? solve_as<ws::Seen, true>(set, tries, pool, beta, tag, interrupt)
                       : solve_as<ws::Rule, true>(set, tries, pool, beta, tag, interrupt);
        return game.filter.consistent()
                   ? solve_as<ws::Seen, false>(set, tries, pool, beta, tag, interrupt)
                   : solve_as<ws::Rule, false>(set, tries, pool, beta, tag, interrupt);
    }

    bool tree(const std::vector<Id>& set, int tries, const std::vector<Id>& pool, ws::Word tag,
              std::vector<i64>& rows, ws::Interrupt* interrupt) override {
        if (weighted())
            return game.filter.consistent()
                       ? tree_as<ws::Seen, true>(set, tries, pool, tag, rows, interrupt)
                       : tree_as<ws::Rule, true>(set, tries, pool, tag, rows, interrupt);
        return game.filter.consistent()
                   ? tree_as<ws::Seen, false>(set, tries, pool, tag, rows, interrupt)
                   : tree_as<ws::Rule, false>(set, tries, pool, tag, rows, interrupt);
    }

    i64 known_lower(const std::vector<Id>& set, int tries, ws::Word tag) override {
        return game.filter.consistent() ? known_lower_as<ws::Seen>(set, tries, tag)
                                        : known_lower_as<ws::Rule>(set, tries, tag);
    }

    /** The search with hard mode's rules of type R (Seen: consistency; Rule: kept letters, or
     *  free play), weighted or not. */
    template <class R, bool Weighted>
    ws::Value solve_as(const std::vector<Id>& set, int tries, const std::vector<Id>& pool,
                       i64 beta, ws::Word tag, ws::Interrupt* interrupt) {
        CallScratch scratch;
        ws::Search<Cell, R, Weighted> search(game, *memo, shared, scratch.arena(), tag,
                                             interrupt);
        return search.solve(game.root, set.data(), Id(set.size()), pool.data(), Id(pool.size()),
                            tries, beta, R());
    }

    /** The tree of a set solved exactly, from the memo (sets it lost are searched again). */
    template <class R, bool Weighted>
    bool tree_as(const std::vector<Id>& set, int tries, const std::vector<Id>& pool, ws::Word tag,
                 std::vector<i64>& rows, ws::Interrupt* interrupt) {
        CallScratch scratch;
        ws::Search<Cell, R, Weighted> search(game, *memo, shared, scratch.arena(), tag,
                                             interrupt);
        using Pool = std::shared_ptr<const std::vector<Id>>;
        struct Item {
            std::vector<Id> set;
            Pool pool;  // shared by every set of a free game: one copy, not one per set
            int tries;
            R rule;
            i64 parent, pattern;
        };
        std::vector<Item> stack;
        stack.push_back({set, std::make_shared<const std::vector<Id>>(pool), tries, R(), 0, -1});
        i64 n_nodes = 0;
        std::vector<std::vector<Id>> buckets(std::size_t(game.n_patterns));
        while (!stack.empty()) {
            Item item = std::move(stack.back());
            stack.pop_back();
            Id n = Id(item.set.size());
            const std::vector<Id>& item_pool = *item.pool;
            i64 guess = search.known_guess(item.set.data(), n, item.tries, item.rule);
            if (guess < 0) {
                ws::Value v = search.solve(game.root, item.set.data(), n, item_pool.data(),
                                           Id(item_pool.size()), item.tries, ws::INFEASIBLE,
                                           item.rule);
                if (!v.exact || v.guess < 0 || v.lower >= ws::INFEASIBLE) return false;
                guess = v.guess;
            }
            rows.push_back(guess);
            rows.push_back(item.parent);
            rows.push_back(item.pattern);
            i64 node = ++n_nodes;
            for (Id s : item.set) buckets[std::size_t(game.root.at(s, Id(guess)))].push_back(s);
            for (int p = 0; p < game.n_patterns; p++) {
                std::vector<Id>& members = buckets[std::size_t(p)];
                if (members.empty()) continue;
                if (p != game.win) {
                    Item child{members, item.pool, item.tries - 1, item.rule, node, p};
                    if (game.only_candidates) {
                        child.pool = std::make_shared<const std::vector<Id>>(own_rows(members));
                    } else if (game.hard()) {
                        child.rule = game.filter.after(item.rule, guess, p);
                        auto allowed = std::make_shared<std::vector<Id>>(item_pool.size());
                        allowed->resize(std::size_t(
                            game.filter.allowed_after(item.rule, guess, p, item_pool.data(),
                                                      i64(item_pool.size()), allowed->data())));
                        child.pool = std::move(allowed);
                    }
                    stack.push_back(std::move(child));
                }
                members.clear();
            }
        }
        return true;
    }

    template <class R>
    i64 known_lower_as(const std::vector<Id>& set, int tries, ws::Word tag) {
        CallScratch scratch;
        ws::Search<Cell, R> search(game, *memo, shared, scratch.arena(), tag);
        return search.known_lower(set.data(), Id(set.size()), tries, R());
    }

    /** The fan-out of the floors of a set's first guesses: ``fan_out`` when given (above 0),
     *  else the pool's (0), unless only candidates are guessed: every later pool is then some
     *  of the set's own candidates, whose fan-out bounds theirs. */
    i64 later_fan_out(const std::vector<Id>& set, i64 fan_out) {
        if (fan_out > 0 || !game.only_candidates) return fan_out;
        std::vector<Id> own = own_rows(set);
        return ws::fan_out_of(game.root, set.data(), Id(set.size()), own.data(), Id(own.size()),
                              CallScratch().arena());
    }

    void first_floors(const std::vector<Id>& set, const std::vector<Id>& pool, i64 fan_out,
                      i64* out) override {
        auto floors = weighted() ? ws::first_floors<true, Cell> : ws::first_floors<false, Cell>;
        const i64 later = later_fan_out(set, fan_out);
        floors(game.root, game.n_patterns, set.data(), Id(set.size()), pool.data(),
               Id(pool.size()), later, out, CallScratch().arena());
    }

    ws::FirstGuesses first_guess_order(const std::vector<Id>& set, const std::vector<Id>& pool,
                                       bool dedup, i64* out) override {
        auto order = weighted() ? ws::first_guess_order<true, Cell>
                                : ws::first_guess_order<false, Cell>;
        const i64 later = later_fan_out(set, 0);
        return order(game.root, game.n_patterns, set.data(), Id(set.size()), pool.data(),
                     Id(pool.size()), dedup, later, out, CallScratch().arena());
    }

    i64 least_first_floor(const std::vector<Id>& set, const std::vector<Id>& pool) override {
        auto least = weighted() ? ws::least_first_floor<true, Cell>
                                : ws::least_first_floor<false, Cell>;
        const i64 later = later_fan_out(set, 0);
        return least(game.root, game.n_patterns, set.data(), Id(set.size()), pool.data(),
                     Id(pool.size()), later, CallScratch().arena());
    }

    /** The guesses of the pool hard mode allows after ``guess`` earned ``pattern``. */
    Id allowed_after(const std::vector<Id>& pool, i64 guess, int pattern, i64* out) override {
        i64 m = i64(pool.size());
        if (game.filter.consistent())
            return Id(game.filter.allowed_after(ws::Seen(), guess, pattern, pool.data(), m, out));
        return Id(game.filter.allowed_after(ws::Rule(), guess, pattern, pool.data(), m, out));
    }

    bool hard() const override { return game.hard(); }
    bool consistent() const override { return game.filter.consistent(); }
    void set_table(const void* cells, i64 width, const std::int32_t* place) override {
        game.filter.consistent_rule = true;
        game.filter.feedback = static_cast<const Cell*>(cells);
        game.filter.width = width;
        game.filter.place = place;
        game.filter.n_guesses = i64(owner.size());
    }
    bool covers(const std::vector<Id>& pool, i64 guess) const override {
        if (guess >= 0 && game.filter.place_of(guess) < 0) return false;
        return game.filter.covers(pool.data(), i64(pool.size()));
    }
    int max_tries() const override {
        return game.filter.consistent() ? ws::MAX_SEEN + 1 : MAX_TRIES;
    }
    int n_patterns() const override { return game.n_patterns; }
    void set_units(const i64* weights, Id n) override {
        units.assign(weights, weights + n);
        game.root.units = units.data();
    }
    void set_only_candidates() override { game.only_candidates = true; }
    bool only_candidates() const override { return game.only_candidates; }
    std::vector<Id> own_rows(const std::vector<Id>& set) const override {
        std::vector<Id> rows(set.size());
        for (std::size_t i = 0; i < set.size(); i++) rows[i] = game.secret_row[set[i]];
        return rows;
    }
    void set_letters(const std::uint8_t* codes, int length) override {
        game.absent.load(codes, Id(owner.size()), length, secret_row.data(),
                          Id(secret_row.size()));
    }
};

/** The ident of the interpreter's main thread: the one signal handlers run on. */
unsigned long main_thread = 0;

/** A search's look at the process's signals while it runs without the interpreter lock, on
 *  the main thread (the only one Python runs signal handlers on): now and then it takes the
 *  lock and runs the handlers; one that raises (Ctrl-C: KeyboardInterrupt) stops the search,
 *  every thread's, and its exception is raised when the call returns. Elsewhere it does
 *  nothing: searches on other threads stop by the shared flag (Engine.stop). */
class SignalWatch : public ws::Interrupt {
public:
    SignalWatch() : on_main_(PyThread_get_thread_ident() == main_thread) {}
    SignalWatch(const SignalWatch&) = delete;
    SignalWatch& operator=(const SignalWatch&) = delete;

    bool requested() override {
        if (!on_main_) return false;
        if (raised_) return true;
        Clock::time_point now = Clock::now();
        if (now < next_) return false;
        next_ = now + PERIOD;
        PyGILState_STATE state = PyGILState_Ensure();
        if (PyErr_CheckSignals() < 0) {
            PyErr_Fetch(&type_, &value_, &traceback_);
            raised_ = true;
        }
        PyGILState_Release(state);
        return raised_;
    }

    /** With the interpreter lock held, after the call: whether a handler raised, its
     *  exception then set as the call's. */
    bool raise() {
        if (!raised_) return false;
        PyErr_Restore(type_, value_, traceback_);
        type_ = value_ = traceback_ = nullptr;
        raised_ = false;
        return true;
    }

private:
    using Clock = std::chrono::steady_clock;
    /** How often the handlers run at most: well within the second a user waits. */
    static constexpr std::chrono::milliseconds PERIOD{50};

    bool on_main_;
    bool raised_ = false;
    Clock::time_point next_ = Clock::now() + PERIOD;
    PyObject* type_ = nullptr;
    PyObject* value_ = nullptr;
    PyObject* traceback_ = nullptr;
};

struct EngineObject {
    PyObject_HEAD
    Py_buffer cells;
    bool has_cells;
    Py_buffer feedback;  // consistent hard mode's table of guesses against guesses
    bool has_feedback;
    std::vector<std::int32_t>* places;  // game id → place in the table (empty: the same)
    std::atomic<int>* running;          // calls searching or filtering without the lock
    Core* core;
    ws::Memo* memo;
    std::map<std::vector<Id>, ws::Word>* pools;
    std::mutex* pools_lock;
};

/** A call that reads the hard-mode table while it runs without the interpreter lock: the
 *  table is not replaced meanwhile (set_hard_table refuses). */
class Running {
public:
    explicit Running(EngineObject* self) : running_(*self->running) { running_++; }
    ~Running() { running_--; }
    Running(const Running&) = delete;
    Running& operator=(const Running&) = delete;

private:
    std::atomic<int>& running_;
};

/** Read a one-dimensional array of integer ids (any integer item size). */
bool read_ids(PyObject* object, std::vector<Id>& out, const char* what) {
    Py_buffer view;
    if (PyObject_GetBuffer(object, &view, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0) return false;
    bool ok = view.ndim == 1;
    if (ok) {
        Py_ssize_t n = view.shape[0];
        out.resize(std::size_t(n));
        char kind = view.format[0] == '=' || view.format[0] == '<' || view.format[0] == '@'
                        ? view.format[1]
                        : view.format[0];
        if (view.itemsize == 8 && (kind == 'l' || kind == 'q' || kind == 'L' || kind == 'Q')) {
            const std::int64_t* data = static_cast<const std::int64_t*>(view.buf);
            for (Py_ssize_t i = 0; i < n; i++) out[std::size_t(i)] = Id(data[i]);
        } else if (view.itemsize == 4 && (kind == 'i' || kind == 'I' || kind == 'l')) {
            const std::int32_t* data = static_cast<const std::int32_t*>(view.buf);
            for (Py_ssize_t i = 0; i < n; i++) out[std::size_t(i)] = Id(data[i]);
        } else {
            ok = false;
        }
    }
    PyBuffer_Release(&view);
    if (!ok) PyErr_Format(PyExc_TypeError, "%s must be a one-dimensional array of integers", what);
    return ok;
}

bool check_ids(const std::vector<Id>& ids, Id limit, const char* what) {
    for (std::size_t i = 0; i < ids.size(); i++) {
        if (ids[i] < 0 || ids[i] >= limit) {
            PyErr_Format(PyExc_ValueError, "%s holds an id out of range", what);
            return false;
        }
        if (i > 0 && ids[i] <= ids[i - 1] && std::string(what) == "candidates") {
            PyErr_SetString(PyExc_ValueError, "candidates must be sorted and distinct");
            return false;
        }
    }
    return true;
}

/** The tag that names a pool in memo keys: equal pools, equal tags. */
ws::Word pool_tag(EngineObject* self, const std::vector<Id>& pool) {
    std::lock_guard<std::mutex> guard(*self->pools_lock);
    auto found = self->pools->find(pool);
    if (found != self->pools->end()) return found->second;
    ws::Word tag = ws::Word(self->pools->size() % OWN_POOL_TAG);
    self->pools->emplace(pool, tag);
    return tag;
}

/** Whether consistent hard mode's table holds ``guess`` (-1: none) and every guess of the
 *  pool (else a ValueError): the search reads the table at those only. */
bool check_covered(EngineObject* self, const std::vector<Id>& pool, i64 guess) {
    if (!self->core->consistent() || self->core->covers(pool, guess)) return true;
    PyErr_SetString(PyExc_ValueError,
                    "the hard-mode table does not hold every guess of the pool (set_hard_table)");
    return false;
}

/** Install consistent hard mode's table: ``feedback`` (k × k cells of the matrix's type)
 *  over the guesses ``rows`` (k distinct game ids; None: every guess, k of them). */
bool install_table(EngineObject* self, PyObject* feedback, PyObject* rows) {
    Py_buffer table;
    if (PyObject_GetBuffer(feedback, &table, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0)
        return false;
    const Id n_guesses = Id(self->cells.shape[1]);
    std::vector<Id> ids;
    bool every = rows == Py_None;
    if (!every && (!read_ids(rows, ids, "rows") || !check_ids(ids, n_guesses, "rows"))) {
        PyBuffer_Release(&table);
        return false;
    }
    const Py_ssize_t k = every ? n_guesses : Py_ssize_t(ids.size());
    if (table.ndim != 2 || table.itemsize != self->cells.itemsize || table.shape[0] != k ||
        table.shape[1] != k) {
        PyBuffer_Release(&table);
        PyErr_SetString(PyExc_ValueError,
                        "feedback must be rows × rows cells of the cells' type");
        return false;
    }
    std::vector<std::int32_t> places;
    if (!every) {
        places.assign(std::size_t(n_guesses), -1);
        for (std::size_t j = 0; j < ids.size(); j++) {
            if (places[std::size_t(ids[j])] >= 0) {
                PyBuffer_Release(&table);
                PyErr_SetString(PyExc_ValueError, "rows must be distinct");
                return false;
            }
            places[std::size_t(ids[j])] = std::int32_t(j);
        }
    }
    if (self->has_feedback) PyBuffer_Release(&self->feedback);
    self->feedback = table;
    self->has_feedback = true;
    self->places->swap(places);
    self->core->set_table(table.buf, i64(k), every ? nullptr : self->places->data());
    return true;
}

/** Candidates, tries and pool as the methods take them. */
struct Query {
    std::vector<Id> set, pool;
    int tries = 0;
    ws::Word tag = 0;
};

bool read_query(EngineObject* self, PyObject* candidates, int tries, PyObject* pool, Query& q) {
    const Py_buffer& cells = self->cells;
    if (!read_ids(candidates, q.set, "candidates") || !read_ids(pool, q.pool, "pool"))
        return false;
    if (!check_ids(q.set, Id(cells.shape[0]), "candidates") ||
        !check_ids(q.pool, Id(cells.shape[1]), "pool"))
        return false;
    if (q.set.empty()) {
        PyErr_SetString(PyExc_ValueError, "no candidates");
        return false;
    }
    if (tries < 0 || tries > self->core->max_tries()) {
        PyErr_Format(PyExc_ValueError, "tries must be between 0 and %d", self->core->max_tries());
        return false;
    }
    q.tries = tries;
    q.tag = self->core->only_candidates() ? OWN_POOL_TAG : pool_tag(self, q.pool);
    return true;
}

/** A query searched as the engine plays: guessing only candidates, from the set's own. */
bool read_search(EngineObject* self, PyObject* candidates, int tries, PyObject* pool, Query& q) {
    if (!read_query(self, candidates, tries, pool, q)) return false;
    if (self->core->only_candidates()) q.pool = self->core->own_rows(q.set);
    return check_covered(self, q.pool, -1);
}

int Engine_init(EngineObject* self, PyObject* args, PyObject* kwargs) {
    static const char* names[] = {"cells", "secret_rows", "secret_of_guess", "win_pattern",
                                  "n_patterns", "beam", "codes", "digits", "feedback",
                                  "table_rows", "memo_bytes", nullptr};
    PyObject *cells, *secret_rows, *secret_of_guess, *codes, *digits, *feedback, *table_rows;
    int win, n_patterns, beam;
    long long memo_bytes;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOOiiiOOOOL", const_cast<char**>(names),
                                     &cells, &secret_rows, &secret_of_guess, &win, &n_patterns,
                                     &beam, &codes, &digits, &feedback, &table_rows,
                                     &memo_bytes))
        return -1;
    self->places = new std::vector<std::int32_t>();
    self->running = new std::atomic<int>(0);
    if (PyObject_GetBuffer(cells, &self->cells, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0) return -1;
    self->has_cells = true;
    Py_buffer& view = self->cells;
    if (view.ndim != 2 || !(view.itemsize == 1 || view.itemsize == 2)) {
        PyErr_SetString(PyExc_TypeError, "cells must be a 2-d array of uint8 or uint16");
        return -1;
    }
    Id n_secrets = Id(view.shape[0]);
    Id n_guesses = Id(view.shape[1]);
    std::vector<Id> rows, owners;
    if (!read_ids(secret_rows, rows, "secret_rows") ||
        !read_ids(secret_of_guess, owners, "secret_of_guess"))
        return -1;
    if (Id(rows.size()) != n_secrets || Id(owners.size()) != n_guesses) {
        PyErr_SetString(PyExc_ValueError, "secret_rows and secret_of_guess must fit the cells");
        return -1;
    }
    if (n_patterns < 1 || win < 0 || win >= n_patterns || n_secrets >= 65536) {
        PyErr_SetString(PyExc_ValueError, "this game does not fit the compiled search");
        return -1;
    }
    std::vector<i64> rows64(rows.begin(), rows.end()), owners64(owners.begin(), owners.end());
    Core* core;
    if (view.itemsize == 1)
        core = new TypedCore<std::uint8_t>(static_cast<const std::uint8_t*>(view.buf), n_secrets,
                                           n_guesses, rows64.data(), owners64.data(), win,
                                           n_patterns);
    else
        core = new TypedCore<std::uint16_t>(static_cast<const std::uint16_t*>(view.buf),
                                            n_secrets, n_guesses, rows64.data(), owners64.data(),
                                            win, n_patterns);
    self->core = core;
    self->memo = new ws::Memo(std::size_t(memo_bytes));
    self->pools = new std::map<std::vector<Id>, ws::Word>();
    self->pools_lock = new std::mutex();
    core->memo = self->memo;
    core->shared.beam = beam;
    // Consistent hard mode: the feedback of guesses against guesses, of every guess or of
    // table_rows (None: no consistent hard mode).
    if (feedback != Py_None && !install_table(self, feedback, table_rows)) return -1;
    // Kept letters: the guesses' letters and each pattern's marks (empty: none).
    Py_buffer letters, colours;
    if (PyObject_GetBuffer(codes, &letters, PyBUF_C_CONTIGUOUS) < 0) return -1;
    if (PyObject_GetBuffer(digits, &colours, PyBUF_C_CONTIGUOUS) < 0) {
        PyBuffer_Release(&letters);
        return -1;
    }
    bool ok = true;
    if (letters.len > 0 && self->core->consistent()) {
        ok = false;
    } else if (letters.len > 0) {
        int length = letters.ndim == 2 ? int(letters.shape[1]) : 0;
        ok = letters.ndim == 2 && letters.itemsize == 1 && letters.shape[0] == n_guesses &&
             colours.ndim == 2 && colours.itemsize == 1 && colours.shape[0] == n_patterns &&
             colours.shape[1] == length && length >= 1 && length <= ws::MAX_KEPT_LENGTH;
        if (ok) {
            const auto* l = static_cast<const std::uint8_t*>(letters.buf);
            const auto* c = static_cast<const std::uint8_t*>(colours.buf);
            if (view.itemsize == 1)
                static_cast<TypedCore<std::uint8_t>*>(core)->game.filter.letters.load(
                    l, n_guesses, length, c, n_patterns);
            else
                static_cast<TypedCore<std::uint16_t>*>(core)->game.filter.letters.load(
                    l, n_guesses, length, c, n_patterns);
        }
    }
    PyBuffer_Release(&letters);
    PyBuffer_Release(&colours);
    if (!ok) {
        PyErr_Format(PyExc_ValueError,
                     "hard mode takes either a feedback table, or letters and marks of 1 to %d "
                     "positions",
                     ws::MAX_KEPT_LENGTH);
        return -1;
    }
    return 0;
}

void Engine_dealloc(EngineObject* self) {
    delete self->core;
    delete self->memo;
    delete self->pools;
    delete self->pools_lock;
    delete self->places;
    delete self->running;
    if (self->has_cells) PyBuffer_Release(&self->cells);
    if (self->has_feedback) PyBuffer_Release(&self->feedback);
    Py_TYPE(self)->tp_free(reinterpret_cast<PyObject*>(self));
}

PyObject* Engine_solve(EngineObject* self, PyObject* args) {
    PyObject *candidates, *pool;
    int tries;
    long long beta;
    if (!PyArg_ParseTuple(args, "OiOL", &candidates, &tries, &pool, &beta)) return nullptr;
    Query q;
    if (!read_search(self, candidates, tries, pool, q)) return nullptr;
    ws::Value v;
    SignalWatch watch;
    Running running(self);
    Py_BEGIN_ALLOW_THREADS
    v = self->core->solve(q.set, q.tries, q.pool, i64(beta), q.tag, &watch);
    Py_END_ALLOW_THREADS
    if (watch.raise()) return nullptr;
    return Py_BuildValue("(LOiL)", (long long)v.lower, v.exact ? Py_True : Py_False, v.worst,
                         (long long)v.guess);
}

PyObject* Engine_tree(EngineObject* self, PyObject* args) {
    PyObject *candidates, *pool;
    int tries;
    if (!PyArg_ParseTuple(args, "OiO", &candidates, &tries, &pool)) return nullptr;
    Query q;
    if (!read_search(self, candidates, tries, pool, q)) return nullptr;
    std::vector<i64> rows;
    bool ok;
    SignalWatch watch;
    Running running(self);
    Py_BEGIN_ALLOW_THREADS
    ok = self->core->tree(q.set, q.tries, q.pool, q.tag, rows, &watch);
    Py_END_ALLOW_THREADS
    if (watch.raise()) return nullptr;
    if (!ok) Py_RETURN_NONE;
    return PyBytes_FromStringAndSize(reinterpret_cast<const char*>(rows.data()),
                                     Py_ssize_t(rows.size() * sizeof(i64)));
}

PyObject* Engine_known_lower(EngineObject* self, PyObject* args) {
    PyObject *candidates, *pool;
    int tries;
    if (!PyArg_ParseTuple(args, "OiO", &candidates, &tries, &pool)) return nullptr;
    Query q;
    if (!read_query(self, candidates, tries, pool, q)) return nullptr;
    return PyLong_FromLongLong(self->core->known_lower(q.set, q.tries, q.tag));
}

PyObject* Engine_first_floors(EngineObject* self, PyObject* args) {
    PyObject *candidates, *pool;
    long long fan_out = 0;
    if (!PyArg_ParseTuple(args, "OO|L", &candidates, &pool, &fan_out)) return nullptr;
    Query q;
    if (!read_query(self, candidates, 0, pool, q)) return nullptr;
    std::vector<i64> floors(q.pool.size());
    Py_BEGIN_ALLOW_THREADS
    self->core->first_floors(q.set, q.pool, i64(fan_out), floors.data());
    Py_END_ALLOW_THREADS
    return PyBytes_FromStringAndSize(reinterpret_cast<const char*>(floors.data()),
                                     Py_ssize_t(floors.size() * sizeof(i64)));
}

PyObject* Engine_first_guess_order(EngineObject* self, PyObject* args) {
    PyObject *candidates, *pool;
    int dedup;
    if (!PyArg_ParseTuple(args, "OOp", &candidates, &pool, &dedup)) return nullptr;
    Query q;
    if (!read_query(self, candidates, 0, pool, q)) return nullptr;
    std::vector<i64> order(q.pool.size());
    ws::FirstGuesses first;
    Py_BEGIN_ALLOW_THREADS
    first = self->core->first_guess_order(q.set, q.pool, dedup != 0, order.data());
    Py_END_ALLOW_THREADS
    return Py_BuildValue("(y#LL)", reinterpret_cast<const char*>(order.data()),
                         Py_ssize_t(std::size_t(first.n_order) * sizeof(i64)),
                         (long long)first.fan_out, (long long)first.least_floor);
}

PyObject* Engine_least_first_floor(EngineObject* self, PyObject* args) {
    PyObject *candidates, *pool;
    if (!PyArg_ParseTuple(args, "OO", &candidates, &pool)) return nullptr;
    Query q;
    if (!read_query(self, candidates, 0, pool, q)) return nullptr;
    i64 least;
    Py_BEGIN_ALLOW_THREADS
    least = self->core->least_first_floor(q.set, q.pool);
    Py_END_ALLOW_THREADS
    return PyLong_FromLongLong((long long)least);
}

PyObject* Engine_allowed_after(EngineObject* self, PyObject* args) {
    PyObject* pool;
    long long guess;
    int pattern;
    if (!PyArg_ParseTuple(args, "OLi", &pool, &guess, &pattern)) return nullptr;
    std::vector<Id> rows;
    if (!read_ids(pool, rows, "pool") || !check_ids(rows, Id(self->cells.shape[1]), "pool"))
        return nullptr;
    if (!self->core->hard()) {
        PyErr_SetString(PyExc_ValueError, "this engine does not play hard mode");
        return nullptr;
    }
    if (guess < 0 || guess >= self->cells.shape[1] || pattern < 0 ||
        pattern >= self->core->n_patterns()) {
        PyErr_SetString(PyExc_ValueError, "guess or pattern out of range");
        return nullptr;
    }
    if (!check_covered(self, rows, i64(guess))) return nullptr;
    std::vector<i64> kept(rows.size());
    Id n;
    Running running(self);
    Py_BEGIN_ALLOW_THREADS
    n = self->core->allowed_after(rows, i64(guess), pattern, kept.data());
    Py_END_ALLOW_THREADS
    return PyBytes_FromStringAndSize(reinterpret_cast<const char*>(kept.data()),
                                     Py_ssize_t(std::size_t(n) * sizeof(i64)));
}

PyObject* Engine_set_hard_table(EngineObject* self, PyObject* args) {
    PyObject *feedback, *rows;
    if (!PyArg_ParseTuple(args, "OO", &feedback, &rows)) return nullptr;
    if (!self->core->consistent()) {
        PyErr_SetString(PyExc_ValueError, "this engine does not play consistent hard mode");
        return nullptr;
    }
    if (self->running->load() > 0) {
        PyErr_SetString(PyExc_ValueError, "the hard-mode table is replaced between searches only");
        return nullptr;
    }
    if (!install_table(self, feedback, rows)) return nullptr;
    Py_RETURN_NONE;
}

PyObject* Engine_set_letters(EngineObject* self, PyObject* args) {
    PyObject* codes;
    if (!PyArg_ParseTuple(args, "O", &codes)) return nullptr;
    Py_buffer view;
    if (PyObject_GetBuffer(codes, &view, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0) return nullptr;
    bool ok = view.ndim == 2 && view.itemsize == 1 && view.shape[0] == self->cells.shape[1] &&
              view.shape[1] >= 1;
    const auto* data = static_cast<const std::uint8_t*>(view.buf);
    for (Py_ssize_t i = 0; ok && i < view.len; i++) ok = data[i] <= ws::AbsentLetters::MAX_CODE;
    if (ok) self->core->set_letters(data, int(view.shape[1]));
    PyBuffer_Release(&view);
    if (!ok) {
        PyErr_Format(PyExc_ValueError,
                     "codes must be a row of letter codes (uint8, at most %d) per guess",
                     ws::AbsentLetters::MAX_CODE);
        return nullptr;
    }
    Py_RETURN_NONE;
}

PyObject* Engine_set_units(EngineObject* self, PyObject* args) {
    PyObject* units;
    if (!PyArg_ParseTuple(args, "O", &units)) return nullptr;
    Py_buffer view;
    if (PyObject_GetBuffer(units, &view, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0) return nullptr;
    const Py_ssize_t n = view.ndim == 1 ? view.shape[0] : -1;
    const auto* data = static_cast<const std::int64_t*>(view.buf);
    // Totals of three times the whole game's weight stay far below INFEASIBLE, and a small
    // set's peaks within 32 bits (pairs.hpp).
    bool ok = n == self->cells.shape[0] && view.itemsize == 8 && n > 0;
    for (Py_ssize_t i = 0; ok && i < n; i++) ok = data[i] >= 0 && data[i] <= ws::MAX_UNITS;
    if (ok && self->memo->size() > 0) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_ValueError, "weights must be set before searching");
        return nullptr;
    }
    if (ok) self->core->set_units(data, Id(n));
    PyBuffer_Release(&view);
    if (!ok) {
        PyErr_SetString(PyExc_ValueError,
                        "units must be one int64 weight per secret, between 0 and 2**24");
        return nullptr;
    }
    Py_RETURN_NONE;
}

PyObject* Engine_set_only_candidates(EngineObject* self, PyObject*) {
    if (self->core->hard() || self->memo->size() > 0) {
        PyErr_SetString(PyExc_ValueError,
                        "only candidates are guessed by an engine without hard-mode tables, "
                        "set before searching");
        return nullptr;
    }
    self->core->set_only_candidates();
    Py_RETURN_NONE;
}

PyObject* Engine_set_budget(EngineObject* self, PyObject* args) {
    PyObject* nodes;
    if (!PyArg_ParseTuple(args, "O", &nodes)) return nullptr;
    ws::Shared& shared = self->core->shared;
    if (nodes == Py_None) {
        shared.budget.store(-1);
    } else {
        long long more = PyLong_AsLongLong(nodes);
        if (more == -1 && PyErr_Occurred()) return nullptr;
        shared.budget.store(shared.nodes.load() + more);
    }
    shared.stop.store(0);
    Py_RETURN_NONE;
}

PyObject* Engine_set_state(EngineObject* self, PyObject* args) {
    long long budget;
    int stop;
    if (!PyArg_ParseTuple(args, "Lp", &budget, &stop)) return nullptr;
    self->core->shared.budget.store(budget);
    self->core->shared.stop.store(stop);
    Py_RETURN_NONE;
}

PyObject* Engine_stop(EngineObject* self, PyObject*) {
    self->core->shared.stop.store(1);
    Py_RETURN_NONE;
}

PyObject* Engine_get_nodes(EngineObject* self, void*) {
    return PyLong_FromLongLong(self->core->shared.nodes.load());
}

PyObject* Engine_get_budget(EngineObject* self, void*) {
    return PyLong_FromLongLong(self->core->shared.budget.load());
}

PyObject* Engine_get_stopped(EngineObject* self, void*) {
    return PyBool_FromLong(self->core->shared.stop.load());
}

PyObject* Engine_get_memo_size(EngineObject* self, void*) {
    return PyLong_FromSize_t(self->memo->size());
}

PyMethodDef Engine_methods[] = {
    {"solve", (PyCFunction)Engine_solve, METH_VARARGS,
     "solve(candidates, tries, pool, beta) -> (value, exact, worst, guess)"},
    {"tree", (PyCFunction)Engine_tree, METH_VARARGS,
     "tree(candidates, tries, pool) -> bytes of int64 rows (guess, parent, pattern), or None"},
    {"known_lower", (PyCFunction)Engine_known_lower, METH_VARARGS,
     "known_lower(candidates, tries, pool) -> the bound the memo holds, 0 if none"},
    {"first_floors", (PyCFunction)Engine_first_floors, METH_VARARGS,
     "first_floors(candidates, pool[, fan_out]) -> bytes of int64: each guess's floor played "
     "first (fan_out: the most buckets any guess makes; 0 or none: the pool's most)"},
    {"first_guess_order", (PyCFunction)Engine_first_guess_order, METH_VARARGS,
     "first_guess_order(candidates, pool, dedup) -> (bytes of int64 guess rows in order, "
     "fan-out, least floor of the pool)"},
    {"least_first_floor", (PyCFunction)Engine_least_first_floor, METH_VARARGS,
     "least_first_floor(candidates, pool) -> the least floor of any guess of the pool played "
     "first (a proven lower bound on the set's total)"},
    {"allowed_after", (PyCFunction)Engine_allowed_after, METH_VARARGS,
     "allowed_after(pool, guess, pattern) -> bytes of int64: the guesses hard mode allows"},
    {"set_hard_table", (PyCFunction)Engine_set_hard_table, METH_VARARGS,
     "set_hard_table(feedback, rows): consistent hard mode's table from now on: the feedback of "
     "the guesses rows (distinct game ids; None: every guess) against the same, rows × rows of "
     "the cells' type. Between searches only; a search's pool must lie within rows."},
    {"set_letters", (PyCFunction)Engine_set_letters, METH_VARARGS,
     "set_letters(codes): the guesses' letter codes (guesses × length, uint8), for a rule whose "
     "letters no candidate holds earn the same feedback whatever they are: small sets keep one "
     "guess per spelling of the letters they hold. Set before searching."},
    {"set_units", (PyCFunction)Engine_set_units, METH_VARARGS,
     "set_units(units): each secret's weight (int64, one per secret, 0 to 2**24): the search "
     "then minimises the weighted total. Set before searching."},
    {"set_only_candidates", (PyCFunction)Engine_set_only_candidates, METH_NOARGS,
     "set_only_candidates(): every set guesses only its own candidates (its pool, whatever pool "
     "is given; hard mode, which allows every candidate, is not needed). Set before searching."},
    {"set_budget", (PyCFunction)Engine_set_budget, METH_VARARGS,
     "set_budget(nodes or None): stop after this many more sets; clears a stop"},
    {"set_state", (PyCFunction)Engine_set_state, METH_VARARGS,
     "set_state(budget, stop): restore a budget (-1: none) and stop flag"},
    {"stop", (PyCFunction)Engine_stop, METH_NOARGS, "stop(): end every search cleanly"},
    {nullptr, nullptr, 0, nullptr}};

PyGetSetDef Engine_getset[] = {
    {"nodes", (getter)Engine_get_nodes, nullptr, "sets searched so far", nullptr},
    {"budget", (getter)Engine_get_budget, nullptr, "node count to stop at (-1: none)", nullptr},
    {"stopped", (getter)Engine_get_stopped, nullptr, "whether the searches were stopped",
     nullptr},
    {"memo_size", (getter)Engine_get_memo_size, nullptr, "entries in the memo", nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

PyTypeObject EngineType = {PyVarObject_HEAD_INIT(nullptr, 0)};

/** Read the main thread's ident (threading.main_thread().ident): the module may be imported
 *  on any thread. */
bool find_main_thread() {
    PyObject* threading = PyImport_ImportModule("threading");
    if (threading == nullptr) return false;
    PyObject* main = PyObject_CallMethod(threading, "main_thread", nullptr);
    Py_DECREF(threading);
    if (main == nullptr) return false;
    PyObject* ident = PyObject_GetAttrString(main, "ident");
    Py_DECREF(main);
    if (ident == nullptr) return false;
    main_thread = PyLong_AsUnsignedLong(ident);
    Py_DECREF(ident);
    return !PyErr_Occurred();
}

PyModuleDef engine_module = {PyModuleDef_HEAD_INIT, "_engine",
                             "The compiled exact search (see wordsolver.search.core).", -1,
                             nullptr};

}  // namespace

PyMODINIT_FUNC PyInit__engine(void) {
    EngineType.tp_name = "wordsolver.search._engine.Engine";
    EngineType.tp_basicsize = sizeof(EngineObject);
    EngineType.tp_flags = Py_TPFLAGS_DEFAULT;
    EngineType.tp_doc = "Engine(cells, secret_rows, secret_of_guess, win_pattern, n_patterns, "
                        "beam, codes, digits, feedback, table_rows, memo_bytes): one game's exact search";
    EngineType.tp_new = PyType_GenericNew;
    EngineType.tp_init = (initproc)Engine_init;
    EngineType.tp_dealloc = (destructor)Engine_dealloc;
    EngineType.tp_methods = Engine_methods;
    EngineType.tp_getset = Engine_getset;
    if (PyType_Ready(&EngineType) < 0) return nullptr;
    if (!find_main_thread()) return nullptr;
    PyObject* module = PyModule_Create(&engine_module);
    if (module == nullptr) return nullptr;
    Py_INCREF(&EngineType);
    if (PyModule_AddObject(module, "Engine", reinterpret_cast<PyObject*>(&EngineType)) < 0) {
        Py_DECREF(&EngineType);
        Py_DECREF(module);
        return nullptr;
    }
    PyModule_AddObject(module, "INFEASIBLE", PyLong_FromLongLong(ws::INFEASIBLE));
    return module;
}

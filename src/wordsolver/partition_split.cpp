// wordsolver._partition_split: how guesses split a set of candidates, summarised per guess.
//
// The one implementation of the split statistics (non-empty buckets, sum of squared bucket
// sizes, largest bucket, sum of size*log2(size)) that wordsolver.partition.partition_stats
// reads; compiled with the package so that a command scoring one position starts without a
// kernel compiler to import (see partition.py for how the method and run width are chosen).
//
// The matrix is read secret-major in place through the buffer protocol (no copy): for each
// candidate, its patterns against a run of guesses are contiguous. With fewer candidates than
// patterns (GROW) each guess's sums grow bucket by bucket in one pass over the candidates.
// Otherwise one pass counts the run's buckets, by comparing the cells with each pattern when
// the game has few (COMPARE: the compiler vectorises it) or by scattering a count per cell
// (SCATTER), then each guess's counts are summed pattern by pattern. Sums are added in the
// same order whatever the threads, so results do not depend on them. The interpreter lock is
// released while counting.
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <algorithm>
#include <cmath>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace {

using i64 = std::int64_t;

enum Method { GROW = 0, COMPARE = 1, SCATTER = 2 };
// A one-byte tally holds this many candidates; it is then added to the counts and emptied.
constexpr i64 TALLY_LIMIT = 255;
// Runs are handed to the threads in at most this many chunks.
constexpr i64 MAX_CHUNKS = 64;

struct Split {
    const void* cells;  // n_secrets x n_columns cells, secret-major
    int cell_size;      // 1 (uint8) or 2 (uint16)
    i64 n_columns;
    const i64* rows;  // the guesses scored (columns of the cells)
    i64 n_guesses;
    const i64* candidates;
    i64 n_candidates;
    bool every_guess;  // rows is 0 .. n_columns - 1: runs are read in place
    int method;
    int n_patterns;
    const double* size_log_size_of;  // c * log2(c) for c = 0 .. n_candidates
    i64 width;                       // guesses per run
    i64* sums;                       // n_guesses x 3: buckets, sum of squares, worst
    double* size_log_size;           // n_guesses
};

/** Fill the sums of the guesses of runs first_run .. stop_run - 1. */
template <class Cell>
void split_runs(const Split& job, i64 first_run, i64 stop_run) {
    const Cell* cells = static_cast<const Cell*>(job.cells);
    const i64 width = job.width, n_patterns = job.n_patterns;
    std::vector<double> steps;  // what a bucket growing from c adds to sum size*log2(size)
    if (job.method == GROW) {
        steps.resize(std::size_t(job.n_candidates));
        for (i64 c = 0; c < job.n_candidates; c++)
            steps[std::size_t(c)] = job.size_log_size_of[c + 1] - job.size_log_size_of[c];
    }
    std::vector<std::int32_t> counts(std::size_t(width * n_patterns), 0);
    std::vector<std::uint8_t> tallies(job.method == COMPARE ? std::size_t(n_patterns * width) : 0,
                                      0);
    std::vector<Cell> gathered(static_cast<std::size_t>(width));
    for (i64 guess = first_run * width; guess < std::min(stop_run * width, job.n_guesses);
         guess++) {
        job.sums[3 * guess] = job.sums[3 * guess + 1] = job.sums[3 * guess + 2] = 0;
        job.size_log_size[guess] = 0.0;
    }
    for (i64 run = first_run; run < stop_run; run++) {
        const i64 first = run * width;
        const i64 size = std::min(width, job.n_guesses - first);
        const i64* rows = job.rows + first;
        i64* sums = job.sums + 3 * first;
        double* size_log_size = job.size_log_size + first;
        auto cell = [&](const Cell* row, i64 j) {
            return job.every_guess ? row[first + j] : row[rows[j]];
        };
        if (job.method == GROW) {
            for (i64 k = 0; k < job.n_candidates; k++) {
                const Cell* row = cells + job.candidates[k] * job.n_columns;
                for (i64 j = 0; j < size; j++) {
                    std::int32_t& bucket = counts[std::size_t(j * n_patterns + cell(row, j))];
                    if (bucket == 0) sums[3 * j] += 1;
                    sums[3 * j + 1] += 2 * i64(bucket) + 1;
                    sums[3 * j + 2] = std::max(sums[3 * j + 2], i64(bucket) + 1);
                    size_log_size[j] += steps[std::size_t(bucket)];
                    bucket += 1;
                }
            }
            for (i64 k = 0; k < job.n_candidates; k++) {
                const Cell* row = cells + job.candidates[k] * job.n_columns;
                for (i64 j = 0; j < size; j++) counts[std::size_t(j * n_patterns + cell(row, j))] = 0;
            }
            continue;  // the sums are complete
        }
        if (job.method == SCATTER) {
            for (i64 k = 0; k < job.n_candidates; k++) {
                const Cell* row = cells + job.candidates[k] * job.n_columns;
                for (i64 j = 0; j < size; j++) counts[std::size_t(j * n_patterns + cell(row, j))] += 1;
            }
        } else {
            for (i64 k = 0; k < job.n_candidates; k++) {
                const Cell* row = cells + job.candidates[k] * job.n_columns;
                const Cell* run_cells = row + first;
                if (!job.every_guess) {
                    for (i64 j = 0; j < size; j++) gathered[std::size_t(j)] = row[rows[j]];
                    run_cells = gathered.data();
                }
                for (i64 pattern = 0; pattern < n_patterns; pattern++) {
                    std::uint8_t* tally = tallies.data() + pattern * width;
                    const Cell level = Cell(pattern);
                    for (i64 j = 0; j < size; j++) tally[j] += std::uint8_t(run_cells[j] == level);
                }
                if ((k + 1) % TALLY_LIMIT == 0 || k + 1 == job.n_candidates) {
                    for (i64 pattern = 0; pattern < n_patterns; pattern++) {
                        std::uint8_t* tally = tallies.data() + pattern * width;
                        for (i64 j = 0; j < size; j++) {
                            counts[std::size_t(j * n_patterns + pattern)] += tally[j];
                            tally[j] = 0;
                        }
                    }
                }
            }
        }
        for (i64 j = 0; j < size; j++) {
            std::int32_t* bucket_counts = counts.data() + j * n_patterns;
            for (i64 pattern = 0; pattern < n_patterns; pattern++) {
                const i64 bucket = bucket_counts[pattern];
                if (bucket > 0) {
                    bucket_counts[pattern] = 0;
                    sums[3 * j] += 1;
                    sums[3 * j + 1] += bucket * bucket;
                    sums[3 * j + 2] = std::max(sums[3 * j + 2], bucket);
                    size_log_size[j] += job.size_log_size_of[bucket];
                }
            }
        }
    }
}

void run_chunks(const Split& job, i64 first_run, i64 stop_run) {
    if (job.cell_size == 1)
        split_runs<std::uint8_t>(job, first_run, stop_run);
    else
        split_runs<std::uint16_t>(job, first_run, stop_run);
}

/** Split every run, on ``threads`` threads taking chunks of runs in turn. */
void split_all(const Split& job, i64 threads) {
    const i64 n_runs = (job.n_guesses + job.width - 1) / job.width;
    if (threads <= 1 || n_runs <= 1) {
        run_chunks(job, 0, n_runs);
        return;
    }
    const i64 n_chunks = std::min(n_runs, MAX_CHUNKS);
    std::atomic<i64> next{0};
    auto work = [&] {
        for (i64 chunk = next++; chunk < n_chunks; chunk = next++)
            run_chunks(job, chunk * n_runs / n_chunks, (chunk + 1) * n_runs / n_chunks);
    };
    std::vector<std::thread> helpers;
    for (i64 t = 1; t < std::min(threads, n_chunks); t++) helpers.emplace_back(work);
    work();
    for (std::thread& helper : helpers) helper.join();
}

/** The weighted split: each candidate has a probability; per guess, besides the counts'
 * sums, the sums over its buckets of P*log2(P), P*size and P*P, P being a bucket's total
 * probability. One pass scatters each run's counts and probabilities; the buckets are then
 * read back pattern by pattern (many candidates) or in candidate order (fewer candidates than
 * patterns), so the sums are added in an order that does not depend on the threads. */
struct WeightedSplit {
    const void* cells;
    int cell_size;
    i64 n_columns;
    const i64* rows;
    i64 n_guesses;
    const i64* candidates;
    const double* weights;  // per candidate
    i64 n_candidates;
    bool every_guess;
    int n_patterns;
    i64 width;
    i64* sums;              // n_guesses x 3: buckets, sum of squares, worst
    double* size_log_size;  // n_guesses
    double* masses;         // n_guesses x 3: sum P log2 P, sum P * size, sum P^2
};

template <class Cell>
void weighted_runs(const WeightedSplit& job, i64 first_run, i64 stop_run) {
    const Cell* cells = static_cast<const Cell*>(job.cells);
    const i64 width = job.width, n_patterns = job.n_patterns;
    std::vector<std::int32_t> counts(std::size_t(width * n_patterns), 0);
    std::vector<double> mass(std::size_t(width * n_patterns), 0.0);
    const bool by_candidate = job.n_candidates < n_patterns;
    for (i64 run = first_run; run < stop_run; run++) {
        const i64 first = run * width;
        const i64 size = std::min(width, job.n_guesses - first);
        const i64* rows = job.rows + first;
        auto cell = [&](const Cell* row, i64 j) {
            return job.every_guess ? row[first + j] : row[rows[j]];
        };
        for (i64 k = 0; k < job.n_candidates; k++) {
            const Cell* row = cells + job.candidates[k] * job.n_columns;
            const double w = job.weights[k];
            for (i64 j = 0; j < size; j++) {
                const std::size_t at = std::size_t(j * n_patterns + cell(row, j));
                counts[at] += 1;
                mass[at] += w;
            }
        }
        for (i64 j = 0; j < size; j++) {
            i64* sums = job.sums + 3 * (first + j);
            double* masses = job.masses + 3 * (first + j);
            sums[0] = sums[1] = sums[2] = 0;
            double sls = 0.0, mlm = 0.0, msize = 0.0, msq = 0.0;
            auto harvest = [&](std::size_t at) {
                const i64 bucket = counts[at];
                if (bucket == 0) return;
                const double p = mass[at];
                counts[at] = 0;
                mass[at] = 0.0;
                sums[0] += 1;
                sums[1] += bucket * bucket;
                sums[2] = std::max(sums[2], bucket);
                sls += double(bucket) * std::log2(double(bucket));
                if (p > 0.0) mlm += p * std::log2(p);
                msize += p * double(bucket);
                msq += p * p;
            };
            if (by_candidate) {
                for (i64 k = 0; k < job.n_candidates; k++) {
                    const Cell* row = cells + job.candidates[k] * job.n_columns;
                    harvest(std::size_t(j * n_patterns + cell(row, j)));
                }
            } else {
                for (i64 pattern = 0; pattern < n_patterns; pattern++)
                    harvest(std::size_t(j * n_patterns + pattern));
            }
            job.size_log_size[first + j] = sls;
            masses[0] = mlm;
            masses[1] = msize;
            masses[2] = msq;
        }
    }
}

void weighted_all(const WeightedSplit& job, i64 threads) {
    auto run = [&](i64 first_run, i64 stop_run) {
        if (job.cell_size == 1)
            weighted_runs<std::uint8_t>(job, first_run, stop_run);
        else
            weighted_runs<std::uint16_t>(job, first_run, stop_run);
    };
    const i64 n_runs = (job.n_guesses + job.width - 1) / job.width;
    if (threads <= 1 || n_runs <= 1) {
        run(0, n_runs);
        return;
    }
    const i64 n_chunks = std::min(n_runs, MAX_CHUNKS);
    std::atomic<i64> next{0};
    auto work = [&] {
        for (i64 chunk = next++; chunk < n_chunks; chunk = next++)
            run(chunk * n_runs / n_chunks, (chunk + 1) * n_runs / n_chunks);
    };
    std::vector<std::thread> helpers;
    for (i64 t = 1; t < std::min(threads, n_chunks); t++) helpers.emplace_back(work);
    work();
    for (std::thread& helper : helpers) helper.join();
}

/** The buffers of one call, released when it ends. */
struct Buffers {
    std::vector<Py_buffer> views;
    ~Buffers() {
        for (Py_buffer& view : views) PyBuffer_Release(&view);
    }
    /** A C-contiguous view of ``ndim`` dimensions whose items are ``itemsize`` bytes. */
    Py_buffer* get(PyObject* object, const char* name, int ndim, Py_ssize_t itemsize,
                   bool writable) {
        Py_buffer view;
        int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
        if (PyObject_GetBuffer(object, &view, flags) < 0) return nullptr;
        views.push_back(view);
        Py_buffer* got = &views.back();
        if (got->ndim != ndim || (itemsize && got->itemsize != itemsize)) {
            PyErr_Format(PyExc_ValueError, "%s: expected %d dimensions of %zd-byte items", name,
                         ndim, itemsize);
            return nullptr;
        }
        return got;
    }
};

/** Check the ids of rows and candidates against the cells' shape. */
bool ids_fit(const i64* row_ids, i64 n_guesses, i64 n_columns, const i64* candidate_ids,
             i64 n_candidates, i64 n_secrets) {
    for (i64 j = 0; j < n_guesses; j++)
        if (row_ids[j] < 0 || row_ids[j] >= n_columns) return false;
    for (i64 k = 0; k < n_candidates; k++)
        if (candidate_ids[k] < 0 || candidate_ids[k] >= n_secrets) return false;
    return true;
}

PyObject* split(PyObject*, PyObject* args) {
    PyObject *cells_object, *rows_object, *candidates_object, *log_object, *sums_object,
        *sls_object;
    int method, n_patterns;
    Py_ssize_t width, threads;
    if (!PyArg_ParseTuple(args, "OOOiiOnnOO", &cells_object, &rows_object, &candidates_object,
                          &method, &n_patterns, &log_object, &width, &threads, &sums_object,
                          &sls_object))
        return nullptr;
    Buffers buffers;
    buffers.views.reserve(6);
    Py_buffer* cells = buffers.get(cells_object, "by_secret", 2, 0, false);
    if (!cells) return nullptr;
    Py_buffer* rows = buffers.get(rows_object, "guess_rows", 1, sizeof(i64), false);
    if (!rows) return nullptr;
    Py_buffer* candidates = buffers.get(candidates_object, "candidates", 1, sizeof(i64), false);
    if (!candidates) return nullptr;
    Py_buffer* logs = buffers.get(log_object, "size_log_size_of", 1, sizeof(double), false);
    if (!logs) return nullptr;
    Py_buffer* sums = buffers.get(sums_object, "sums", 2, sizeof(i64), true);
    if (!sums) return nullptr;
    Py_buffer* sls = buffers.get(sls_object, "size_log_size", 1, sizeof(double), true);
    if (!sls) return nullptr;
    const std::string cell_format = cells->format ? cells->format : "B";
    const i64 n_secrets = cells->shape[0], n_columns = cells->shape[1];
    const i64 n_guesses = rows->shape[0], n_candidates = candidates->shape[0];
    const i64* row_ids = static_cast<const i64*>(rows->buf);
    const i64* candidate_ids = static_cast<const i64*>(candidates->buf);
    const bool fits = (cell_format == "B" || cell_format == "H") && method >= GROW &&
                      method <= SCATTER && n_patterns >= 1 && width >= 1 &&
                      logs->shape[0] == n_candidates + 1 && sums->shape[0] == n_guesses &&
                      sums->shape[1] == 3 && sls->shape[0] == n_guesses &&
                      ids_fit(row_ids, n_guesses, n_columns, candidate_ids, n_candidates,
                              n_secrets);
    if (!fits) {
        PyErr_SetString(PyExc_ValueError, "split: arrays of mismatched shapes or ids out of range");
        return nullptr;
    }
    bool every_guess = n_guesses == n_columns;
    for (i64 j = 0; every_guess && j < n_guesses; j++) every_guess = row_ids[j] == j;
    Split job{cells->buf,
              int(cells->itemsize),
              n_columns,
              row_ids,
              n_guesses,
              candidate_ids,
              n_candidates,
              every_guess,
              method,
              n_patterns,
              static_cast<const double*>(logs->buf),
              i64(width),
              static_cast<i64*>(sums->buf),
              static_cast<double*>(sls->buf)};
    // Every cell is a pattern below n_patterns: the matrix is built by its rule and verified
    // when loaded from disk (checking 640 MB of cells here would cost more than the split).
    Py_BEGIN_ALLOW_THREADS;
    split_all(job, i64(threads));
    Py_END_ALLOW_THREADS;
    Py_RETURN_NONE;
}

PyObject* split_weighted(PyObject*, PyObject* args) {
    PyObject *cells_object, *rows_object, *candidates_object, *weights_object, *sums_object,
        *sls_object, *masses_object;
    int n_patterns;
    Py_ssize_t width, threads;
    if (!PyArg_ParseTuple(args, "OOOOinnOOO", &cells_object, &rows_object, &candidates_object,
                          &weights_object, &n_patterns, &width, &threads, &sums_object,
                          &sls_object, &masses_object))
        return nullptr;
    Buffers buffers;
    buffers.views.reserve(7);
    Py_buffer* cells = buffers.get(cells_object, "by_secret", 2, 0, false);
    if (!cells) return nullptr;
    Py_buffer* rows = buffers.get(rows_object, "guess_rows", 1, sizeof(i64), false);
    if (!rows) return nullptr;
    Py_buffer* candidates = buffers.get(candidates_object, "candidates", 1, sizeof(i64), false);
    if (!candidates) return nullptr;
    Py_buffer* weights = buffers.get(weights_object, "weights", 1, sizeof(double), false);
    if (!weights) return nullptr;
    Py_buffer* sums = buffers.get(sums_object, "sums", 2, sizeof(i64), true);
    if (!sums) return nullptr;
    Py_buffer* sls = buffers.get(sls_object, "size_log_size", 1, sizeof(double), true);
    if (!sls) return nullptr;
    Py_buffer* masses = buffers.get(masses_object, "masses", 2, sizeof(double), true);
    if (!masses) return nullptr;
    const std::string cell_format = cells->format ? cells->format : "B";
    const i64 n_secrets = cells->shape[0], n_columns = cells->shape[1];
    const i64 n_guesses = rows->shape[0], n_candidates = candidates->shape[0];
    const i64* row_ids = static_cast<const i64*>(rows->buf);
    const i64* candidate_ids = static_cast<const i64*>(candidates->buf);
    const bool fits = (cell_format == "B" || cell_format == "H") && n_patterns >= 1 &&
                      width >= 1 && weights->shape[0] == n_candidates &&
                      sums->shape[0] == n_guesses && sums->shape[1] == 3 &&
                      sls->shape[0] == n_guesses && masses->shape[0] == n_guesses &&
                      masses->shape[1] == 3 &&
                      ids_fit(row_ids, n_guesses, n_columns, candidate_ids, n_candidates,
                              n_secrets);
    if (!fits) {
        PyErr_SetString(PyExc_ValueError,
                        "split_weighted: arrays of mismatched shapes or ids out of range");
        return nullptr;
    }
    bool every_guess = n_guesses == n_columns;
    for (i64 j = 0; every_guess && j < n_guesses; j++) every_guess = row_ids[j] == j;
    WeightedSplit job{cells->buf,
                      int(cells->itemsize),
                      n_columns,
                      row_ids,
                      n_guesses,
                      candidate_ids,
                      static_cast<const double*>(weights->buf),
                      n_candidates,
                      every_guess,
                      n_patterns,
                      i64(width),
                      static_cast<i64*>(sums->buf),
                      static_cast<double*>(sls->buf),
                      static_cast<double*>(masses->buf)};
    Py_BEGIN_ALLOW_THREADS;
    weighted_all(job, i64(threads));
    Py_END_ALLOW_THREADS;
    Py_RETURN_NONE;
}

PyMethodDef methods[] = {
    {"split_weighted", split_weighted, METH_VARARGS,
     "split_weighted(by_secret, guess_rows, candidates, weights, n_patterns, width, threads, "
     "sums, size_log_size, masses): as split, and masses (sum over buckets of P log2 P, "
     "P * size and P^2, P the bucket's probability) for candidates of these weights."},
    {"split", split, METH_VARARGS,
     "split(by_secret, guess_rows, candidates, method, n_patterns, size_log_size_of, width, "
     "threads, sums, size_log_size): fill sums (buckets, sum of squares, worst) and "
     "size_log_size for each guess of guess_rows over the candidates."},
    {nullptr, nullptr, 0, nullptr}};

PyModuleDef module = {PyModuleDef_HEAD_INIT, "wordsolver._partition_split",
                      "How guesses split a set of candidates (the compiled counting of "
                      "wordsolver.partition).",
                      -1, methods};

}  // namespace

PyMODINIT_FUNC PyInit__partition_split() {
    PyObject* made = PyModule_Create(&module);
    if (!made) return nullptr;
    if (PyModule_AddIntConstant(made, "GROW", GROW) < 0 ||
        PyModule_AddIntConstant(made, "COMPARE", COMPARE) < 0 ||
        PyModule_AddIntConstant(made, "SCATTER", SCATTER) < 0) {
        Py_DECREF(made);
        return nullptr;
    }
    return made;
}

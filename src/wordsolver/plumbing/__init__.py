"""The plumbing: generic helpers the library is built on, which know nothing of games.

They stand on the lowest floor but one, below the alphabets, the word lists and the rules: of
the package they import only :mod:`wordsolver.errors` and one another, and every floor above
may use them:

- :mod:`~wordsolver.plumbing.arrays`: the array type names (ids, masks, counts, scores, hashes);
- :mod:`~wordsolver.plumbing.files`, :mod:`~wordsolver.plumbing.cache`,
  :mod:`~wordsolver.plumbing.sealed`, :mod:`~wordsolver.plumbing.memory`: files written
  atomically and read safely; the disk cache; checksummed JSON; the memory check before a
  large table;
- :mod:`~wordsolver.plumbing.progress`, :mod:`~wordsolver.plumbing.bars`: the one progress
  callback type; progress bars (tqdm) for the front door's long calls;
- :mod:`~wordsolver.plumbing.stopping`: Ctrl-C, in pieces of a tenth of a second;
- :mod:`~wordsolver.plumbing.cores`, :mod:`~wordsolver.plumbing.digests`: the cores a process
  may use; digests without OpenSSL;
- :mod:`~wordsolver.plumbing.tables`: results as rows, DataFrames and HTML tables;
- :mod:`~wordsolver.plumbing.optional`, :mod:`~wordsolver.plumbing.lazy`: optional packages;
  parts imported on first use.

The package itself imports nothing, so each helper costs a command only its own import.
"""

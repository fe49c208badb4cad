"""Generate the built-in word lists in ``src/wordsolver/lexicon/data`` from open sources.

Run ``python scripts/build_wordlists.py [--out DIR]`` in a venv made with
``pip install -e '.[wordlists]'``. The output depends only on the versions of the packages below,
so the same versions give byte-identical files (the gzip file is written with ``mtime=0``).

Sources and licences:

* ``wordfreq`` (code Apache-2.0; data CC-BY-SA 4.0, built from Wikipedia, OpenSubtitles,
  SUBTLEX, Google Books Ngrams and other corpora credited in its README): word frequencies,
  and the English vocabulary (its ``large`` English list) for the 5-letter and Tonguess lists
  and for the modern words and inflected forms of the large English list.
* OpenCorpora dictionary as shipped by ``pymorphy3-dicts-ru`` (data CC-BY-SA 3.0, package code
  MIT; read with ``pymorphy3``, MIT): Russian nouns with their grammatical tags.
* Webster's Second International Dictionary (1934) headword list ``web2``, public domain, as
  shipped by ``english-words`` (code MIT): the bulk of the large English list, and tells
  ordinary English words (lowercase headwords) from names (capitalised entries), abbreviations
  and inflected forms, which it does not list. The package's other list, ``gcide`` (the GNU
  Collaborative International Dictionary of English), is GPL-licensed and deliberately unused.
* SCOWL (Spell Checker Oriented Word Lists, Kevin Atkinson; permissive licence: use, copy,
  modify, distribute and sell with the copyright notice), size 70, American and British, as
  Debian's ``wamerican-large`` and ``wbritish-large`` install them in ``/usr/share/dict``: a
  spelling list that capitalises names, so it tells which frequent modern words are ordinary
  words (*email*, *blog*) and which are names or foreign tokens (*obama*, *london*, *luiz*).

Every file is UTF-8, one word per line, casefolded (Russian ё folded into е), sorted, without
duplicates, with a trailing newline. See ``docs/wordlists.md`` for the filters and counts.
"""

from __future__ import annotations

import argparse
import re
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import pymorphy3
from english_words import get_english_words_set
from wordfreq import iter_wordlist, word_frequency, zipf_frequency, zipf_to_freq
from wordlist_files import write_list

DEFAULT_OUT = Path(__file__).resolve().parents[1] / "src" / "wordsolver" / "lexicon" / "data"

#: Zipf frequency (log10 of occurrences per billion words) each list must reach.
WORDLE_ALLOWED_ZIPF = 2.0
WORDLE_ANSWERS_ZIPF = 2.7
TONGUESS3_ZIPF = 2.7
TONGUESS4_ZIPF = 2.6
FIVE_BUKV_ANSWERS_ZIPF = 2.2

#: Longest word kept in the large English list.
ENGLISH_MAX_LENGTH = 15
#: The only one-letter English words (web2 and wordfreq also list every letter).
ONE_LETTER_WORDS = frozenset({"a", "i"})
#: Shortest word the large English list takes from wordfreq on frequency alone or as an
#: inflection; shorter tokens missing from web2 are nearly all abbreviations or names.
ENGLISH_MIN_CORPUS_LENGTH = 4
#: Zipf a wordfreq word needs to enter the large English list without a dictionary behind it.
ENGLISH_FREQUENT_ZIPF = 3.0
#: Zipf a regular inflection (plural, -ed, -ing, -ier, -iest) of a known word needs.
ENGLISH_INFLECTED_ZIPF = 1.5
#: Zipf a plain -est superlative needs (rarer ones are mostly surnames and typos).
ENGLISH_SUPERLATIVE_ZIPF = 2.0
#: British spellings and the American ones they map to: -ise/-isation (and -yse), -our, and a
#: doubled l before -ed/-ing/-er.
BRITISH_SPELLINGS = (
    (re.compile(r"(.+[^aeiou]i|.+y)s(e|ed|es|ing|er|ers|ation|ations|ational)"), r"\1z\2"),
    (re.compile(r"(.{2,})our(s|ed|ing|ite|ites|able|ably|ful|less|er|ers|y|ies)?"), r"\1or\2"),
    (re.compile(r"(.{2,}[aeiou]l)l(ed|ing|er|ers)"), r"\1\2"),
)  # fmt: skip
#: Everyday words of 2-3 letters that web2 (1934) lacks; wordfreq's frequent 2-3 letter tokens
#: outside web2 are otherwise acronyms (bbc, ceo, mph), names and foreign words.
MODERN_SHORT_WORDS = frozenset(
    {
        "ew", "hm", "mm", "oi", "ok", "oy", "qi", "uh",
        "abs", "ads", "app", "bio", "box", "bro", "duh", "emo", "fab", "fax", "has", "heh",
        "hmm", "ish", "lol", "max", "med", "meh", "mic", "mod", "mom", "nah", "oof", "ooh",
        "ops", "poo", "shh", "tsk", "ups", "veg", "vid", "yay", "yum", "yup", "zen",
    }
)  # fmt: skip

#: Slurs and obscenities that the dictionary filter lets through; never a secret word.
OFFENSIVE_EN = frozenset(
    {
        "bitch", "chink", "coon", "dildo", "dyke", "fag", "gook", "gyp", "jap", "kike",
        "negro", "pussy", "slut", "spick", "twat", "whore", "wop",
    }
)  # fmt: skip

RUSSIAN_LETTERS = "абвгдежзийклмнопрстуфхцчшщъыьэюя"
#: OpenCorpora grammemes a noun lemma must have, and those that rule it out (names, places,
#: organisations, trademarks, abbreviations, initials).
NOUN_REQUIRED = frozenset({"NOUN", "nomn", "sing"})
NOUN_EXCLUDED = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn", "Trad", "Abbr", "Init"})
#: Marks of informal, slang and archaic lemmas: allowed as guesses, not as secret words.
RUSSIAN_MARKED = frozenset({"Infr", "Slng", "Arch"})


def latin_words(length_pattern: str) -> list[str]:
    """Words of wordfreq's large English list that are only a-z letters, lengths by regex."""
    shape = re.compile(f"[a-z]{{{length_pattern}}}")
    return [word for word in iter_wordlist("en", wordlist="large") if shape.fullmatch(word)]


def english_zipf(word: str) -> float:
    """The word's Zipf frequency in English."""
    return float(zipf_frequency(word, "en", wordlist="large"))


def web2_headwords() -> frozenset[str]:
    """Lowercase a-z headwords of Webster's Second (capitalised entries are proper names)."""
    return frozenset(
        word for word in get_english_words_set(["web2"]) if re.fullmatch("[a-z]+", word)
    )


def web2_proper_names(headwords: frozenset[str]) -> frozenset[str]:
    """Capitalised web2 entries (names of people, places, peoples), lowercased, that are not
    also lowercase headwords."""
    names = {word.lower() for word in get_english_words_set(["web2"]) if word.istitle()}
    return frozenset(name for name in names if re.fullmatch("[a-z]+", name)) - headwords


#: SCOWL's large American and British lists, as Debian installs them (``apt install
#: wamerican-large wbritish-large``).
SCOWL_FILES = (
    Path("/usr/share/dict/american-english-large"),
    Path("/usr/share/dict/british-english-large"),
)


@dataclass(frozen=True)
class SpellingList:
    """What a spelling list that capitalises names says of lower-case a-z words."""

    words: frozenset[str]  # entries written in lower case: ordinary words
    names: frozenset[str]  # entries written only capitalised (``London``), lowercased


def scowl() -> SpellingList:
    """SCOWL's large American and British lists (possessives and accented entries left out)."""
    missing = [str(path) for path in SCOWL_FILES if not path.is_file()]
    if missing:
        needed = "apt install wamerican-large wbritish-large"
        raise SystemExit(f"missing {', '.join(missing)}: {needed}")
    shape = re.compile("[A-Za-z]+")
    entries = {
        word
        for path in SCOWL_FILES
        for word in path.read_text(encoding="utf-8").split()
        if shape.fullmatch(word)
    }
    words = frozenset(word for word in entries if word.islower())
    return SpellingList(words, frozenset(word.lower() for word in entries) - words)


def plural_stems(word: str) -> set[str]:
    """Possible singulars of a word ending in -s, -es or -ies (none for an -ss word)."""
    if not word.endswith("s") or word.endswith("ss"):
        return set()
    stems = {word[:-1]}
    if word.endswith("es"):
        stems.add(word[:-2])
    if word.endswith("ies"):
        stems.add(word[:-3] + "y")
    return stems


def inflection_stems(word: str) -> set[str]:
    """Possible bases of a regularly inflected word (plurals, -ed, -ied, -ing)."""
    stems = plural_stems(word)
    if word.endswith("ed"):
        stems.update((word[:-1], word[:-2]))
    if word.endswith("ied"):
        stems.add(word[:-3] + "y")
    if word.endswith("ing"):
        stems.update((word[:-3], word[:-3] + "e"))
    return stems


def is_dictionary_word(word: str, headwords: frozenset[str]) -> bool:
    """Whether the word is a headword or a regular inflection of one (of 3 letters or more)."""
    return word in headwords or any(
        len(stem) > 2 and stem in headwords for stem in inflection_stems(word)
    )


def unsuffixed(word: str, suffix: str) -> set[str]:
    """Possible bases of a word made with a suffix: the rest of the word, with e restored
    (bak+ed), with a doubled final consonant undone (runn+ing), and with i back to y (tri+ed)."""
    if not word.endswith(suffix):
        return set()
    rest = word[: -len(suffix)]
    bases = {rest, rest + "e"}
    if len(rest) > 1 and rest[-1] == rest[-2] and rest[-1] not in "aeiou":
        bases.add(rest[:-1])
    if rest.endswith("i"):
        bases.add(rest[:-1] + "y")
    return bases


def american_spellings(word: str) -> set[str]:
    """American spellings of a word if it looks British (colour, realised, travelled)."""
    return {
        pattern.sub(replacement, word)
        for pattern, replacement in BRITISH_SPELLINGS
        if pattern.fullmatch(word)
    }


def regular_bases(word: str) -> set[str]:
    """Possible bases of a regular plural or verb form (-s, -es, -ies, -ed, -ied, -ing) or a
    comparative or superlative of a -y adjective (-ier, -iest)."""
    bases = plural_stems(word)
    for suffix in ("ed", "ing", "ier", "iest"):
        bases |= unsuffixed(word, suffix)
    return bases


def wordle_lists(headwords: frozenset[str]) -> tuple[list[str], list[str]]:
    """(answers, allowed): 5-letter words by frequency; answers are common headwords."""
    allowed = [word for word in latin_words("5") if english_zipf(word) >= WORDLE_ALLOWED_ZIPF]
    answers = [
        word
        for word in allowed
        if english_zipf(word) >= WORDLE_ANSWERS_ZIPF
        and word in headwords
        and plural_stems(word).isdisjoint(headwords)
        and word not in OFFENSIVE_EN
    ]
    return answers, allowed


def tonguess_list(length: int, min_zipf: float, headwords: frozenset[str]) -> list[str]:
    """Frequent words with no repeated letter, backed by the dictionary (drops abbreviations)."""
    return [
        word
        for word in latin_words(str(length))
        if len(set(word)) == length
        and english_zipf(word) >= min_zipf
        and is_dictionary_word(word, headwords)
        and word not in OFFENSIVE_EN
    ]


def english_list(
    headwords: frozenset[str], proper_names: frozenset[str], spelling: SpellingList
) -> list[str]:
    """The large English list, a-z words of 1 to ``ENGLISH_MAX_LENGTH`` letters.

    Every web2 headword of 2 letters or more, ``a`` and ``i`` and a few modern short words; and,
    from wordfreq, words of 4 letters or more that are frequent, not web2 names, and that the
    spelling list writes in lower case (names, abbreviations and foreign tokens, however
    frequent, are not there), or that are a regular inflection of a word of 3 letters or more
    taken so far (*acts* and *kids* although web2 has *Acts* and *Kids*) or the British spelling
    of one, unless the spelling list writes them only capitalised (*ames*, *dans*).
    """
    words = {word for word in headwords if 2 <= len(word) <= ENGLISH_MAX_LENGTH}
    words |= ONE_LETTER_WORDS | MODERN_SHORT_WORDS
    candidates = [
        (word, english_zipf(word))
        for word in latin_words(f"{ENGLISH_MIN_CORPUS_LENGTH},{ENGLISH_MAX_LENGTH}")
        if word not in words and word not in spelling.names
    ]
    words.update(
        word
        for word, zipf in candidates
        if zipf >= ENGLISH_FREQUENT_ZIPF and word in spelling.words and word not in proper_names
    )
    known = frozenset(words)
    for word, zipf in candidates:
        bases = regular_bases(word) if zipf >= ENGLISH_INFLECTED_ZIPF else set()
        if zipf >= ENGLISH_SUPERLATIVE_ZIPF:
            bases |= unsuffixed(word, "est")
        if any(len(base) > 2 and base in known for base in bases):
            words.add(word)
    known = frozenset(words)
    words.update(
        word
        for word, zipf in candidates
        if zipf >= ENGLISH_INFLECTED_ZIPF and not known.isdisjoint(american_spellings(word))
    )
    return sorted(words)


def fold_russian(word: str) -> str:
    """Casefold a Russian word and fold ё into е."""
    return word.casefold().replace("ё", "е")


def russian_nouns(morph: pymorphy3.MorphAnalyzer, length: int) -> dict[str, bool]:
    """Common nouns of the given length in nominative singular, from OpenCorpora.

    Maps each folded noun to whether it has a lemma that is not informal, slang or archaic.
    Form index 0 of a paradigm is its normal form, so only those entries are looked at.
    """
    dictionary = morph.dictionary
    shape = re.compile(f"[{RUSSIAN_LETTERS}]{{{length}}}")
    nouns: dict[str, bool] = {}
    for word, (paradigm_id, form_index) in dictionary.words.iteritems():
        if form_index != 0 or len(word) != length:
            continue
        folded = fold_russian(word)
        if not shape.fullmatch(folded):
            continue
        grammemes = dictionary.build_tag_info(paradigm_id, form_index).grammemes
        if grammemes >= NOUN_REQUIRED and grammemes.isdisjoint(NOUN_EXCLUDED):
            plain = grammemes.isdisjoint(RUSSIAN_MARKED)
            nouns[folded] = nouns.get(folded, False) or plain
    return nouns


def russian_frequency(folded: str) -> float:
    """Frequency of a folded word, adding up its spellings with е and with ё."""
    spellings = {folded} | {
        folded[:index] + "ё" + folded[index + 1 :]
        for index, letter in enumerate(folded)
        if letter == "е"
    }
    return sum(float(word_frequency(spelling, "ru", wordlist="large")) for spelling in spellings)


def reads_as_noun(morph: pymorphy3.MorphAnalyzer, word: str) -> bool:
    """Whether the likeliest reading of the word is a noun (not, e.g., the verb стать)."""
    return bool(morph.parse(word)[0].tag.POS == "NOUN")


def five_bukv_lists() -> tuple[list[str], list[str]]:
    """(answers, allowed): Russian 5-letter nouns; answers are the frequent plain ones."""
    morph = pymorphy3.MorphAnalyzer(lang="ru")
    nouns = russian_nouns(morph, 5)
    answers = [
        word
        for word, plain in nouns.items()
        if plain
        and russian_frequency(word) >= zipf_to_freq(FIVE_BUKV_ANSWERS_ZIPF)
        and reads_as_noun(morph, word)
    ]
    return answers, list(nouns)


def normalise(words: Iterable[str]) -> list[str]:
    """Casefolded, de-duplicated, sorted words."""
    return sorted({word.casefold() for word in words})


def require_subset(small: list[str], big: list[str], what: str) -> None:
    """Fail loudly if a list that must be a subset of another is not."""
    extra = set(small) - set(big)
    if extra:
        raise RuntimeError(f"{what}: {len(extra)} words missing, e.g. {sorted(extra)[:5]}")


def build(out_dir: Path) -> None:
    """Build every list and write it into ``out_dir``."""
    headwords = web2_headwords()
    wordle_answers, wordle_allowed = wordle_lists(headwords)
    bukv_answers, bukv_allowed = five_bukv_lists()
    lists = {
        "wordle-answers-open.txt": normalise(wordle_answers),
        "wordle-allowed-open.txt": normalise(wordle_allowed),
        "5bukv-answers-open.txt": normalise(bukv_answers),
        "5bukv-allowed-open.txt": normalise(bukv_allowed),
        "tonguess3-open.txt": normalise(tonguess_list(3, TONGUESS3_ZIPF, headwords)),
        "tonguess4-open.txt": normalise(tonguess_list(4, TONGUESS4_ZIPF, headwords)),
        "english.txt.gz": normalise(english_list(headwords, web2_proper_names(headwords), scowl())),
    }
    require_subset(lists["wordle-answers-open.txt"], lists["wordle-allowed-open.txt"], "wordle")
    require_subset(lists["5bukv-answers-open.txt"], lists["5bukv-allowed-open.txt"], "5bukv")
    require_subset(lists["wordle-answers-open.txt"], lists["english.txt.gz"], "wordle answers")
    out_dir.mkdir(parents=True, exist_ok=True)
    for file_name, words in lists.items():
        write_list(out_dir / file_name, words)
        print(f"{file_name:<22} {len(words):>7} words")


def main() -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output directory")
    args = parser.parse_args()
    started = time.perf_counter()
    build(args.out)
    print(f"done in {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()

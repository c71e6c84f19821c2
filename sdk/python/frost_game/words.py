"""What a word is for the word rules (sdk/src/words.rs, Xent 0.5.0's reading): banned words
are the text with ASCII punctuation deleted, lowercased, split on whitespace; an
allowed-words whitelist cuts the move at single spaces and compares pieces exactly."""

import string
from typing import List

_PUNCTUATION = set(string.punctuation)

#: The one character that separates the pieces of a whitelist.
PIECE_SEPARATOR = " "

# Unicode White_Space, Rust's `char::is_whitespace` (Python's str.isspace also holds
# U+001C..U+001F): what the Rust SDK and the host call whitespace.
_WHITESPACE = frozenset("\t\n\x0b\x0c\r \x85\xa0\u1680\u2028\u2029\u202f\u205f\u3000") | frozenset(
    chr(c) for c in range(0x2000, 0x200B)
)


def is_whitespace(c: str) -> bool:
    """Whether `c` is whitespace as Rust's char::is_whitespace says (Unicode White_Space)."""
    return c in _WHITESPACE


def is_ignored(c: str) -> bool:
    """ASCII punctuation, deleted before words are compared."""
    return c in _PUNCTUATION


def strip_ignored(text: str) -> str:
    return "".join(c for c in text if not is_ignored(c))


def word_form(word: str) -> str:
    """How a word is compared with a banned word: punctuation deleted, lowercased."""
    return strip_ignored(word).lower()


def words(text: str) -> List[str]:
    """The words of `text` for banned-word matching, in order (Xent's remove_common_words)."""
    cut = "".join(" " if is_whitespace(c) else c for c in text)
    return [w for w in (word_form(p) for p in cut.split(" ")) if w]


def pieces(text: str) -> List[str]:
    """The pieces of `text` for an allowed-words whitelist: cut at every single space."""
    return text.split(PIECE_SEPARATOR)


def only_uses_words(allowed: str, text: str) -> bool:
    """Xent's only_uses_words: every piece of `text` is one of the pieces of `allowed`."""
    ok = set(pieces(allowed))
    return all(p in ok for p in pieces(text))

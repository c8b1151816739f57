"""`personakit review`: the owner goes through the unconfirmed memories, newest first, one key each.

It runs in any plain terminal, over SSH too, with the standard library alone: single keys through
`termios`/`tty` when standard input is a terminal, else one line per answer. `--web` serves the
same review as a page in the browser (`review_web.py`).

The helpers here (`Similar`, `check_edit`, `undo`) are shared by both.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import select
import shutil
import sys
import textwrap
from collections.abc import Iterable, Iterator, Sequence
from typing import IO, TYPE_CHECKING, Any

from .cli import _when
from .display import printable
from .model import CATEGORIES, Decision, Memory
from .store import StoreError
from .words import content_words

if TYPE_CHECKING:
    from .kit import PersonaKit

SIMILAR_LIMIT = 3
SIMILAR_MIN = 0.2
"""How alike two memories' weighted words must be (a cosine, 0 to 1) for one to be shown as similar to the other."""
FUNCTION_WORDS = frozenset(
    """about above after again against all also always any because been before being below between both but
    down during each either else even ever every few further here if into just least less more most much must
    never no nor not now off often once only other out over own same since some still such than then there
    these those through too under until up very while yet""".split()
)
"""English words that say nothing of what a memory is about, left out of its words for likeness (beside the
contract's stop words): in a store of few memories they would otherwise count as rare."""
REJECT_WARNING = "Rejecting erases its text and quotes for good; it cannot be undone."
DROP_WARNING = "Dropping erases this quote for good; it cannot be undone."
KEYS = "[a]pprove  [r]estrict  re[x]ect  [e]dit  [s]kip  [u]ndo  [q]uit"
QUOTE_KEYS = "[k]eep quote  [d]rop quote"
DONE = {"approve": "Approved", "restrict": "Restricted", "reject": "Rejected", "edit": "Edited", "reset": "Reset"}
ERASE_WAIT = 5.0
"""How long finishing an erasure waits for another process's reader to let go, in seconds."""


# -- shared with the web review -----------------------------------------------------------


class Similar:
    """Which memories look like a given one: those that share its rarer words.

    Each word weighs its inverse document frequency over the owner's memories, `log((N + 1) / n)` for a
    word that `n` of the `N` memories here have: a word few memories have weighs much, one most of them
    have ("prefers", "works") little. Two memories are similar when the cosine of their weighted word sets
    is at least `SIMILAR_MIN`, so sharing only a common word is not enough, and sharing the rare ones is.
    With few memories every word is rare, so then any shared word may be enough. Rejected memories are
    never among them (they keep no text)."""

    def __init__(self, memories: Iterable[Memory]) -> None:
        self._memories: dict[str, Memory] = {}
        self._words: dict[str, frozenset[str]] = {}
        self._index: dict[str, set[str]] = {}
        for memory in memories:
            if memory.state == "rejected" or not memory.text:
                continue
            self._memories[memory.id] = memory
            self._words[memory.id] = content_words(memory.text) - FUNCTION_WORDS
            for word in self._words[memory.id]:
                self._index.setdefault(word, set()).add(memory.id)
        total = len(self._memories) + 1
        self._weights = {word: math.log(total / len(ids)) ** 2 for word, ids in self._index.items()}
        self._unknown = math.log(total) ** 2  # a word no memory here has
        self._norms = {memory_id: self._norm(words) for memory_id, words in self._words.items()}

    def weight(self, word: str) -> float:
        """How much sharing `word` says: its inverse document frequency, squared (the cosine's terms)."""
        return self._weights.get(word, self._unknown)

    def _norm(self, words: Iterable[str]) -> float:
        return math.sqrt(sum(self.weight(word) for word in words))

    def to(self, memory: Memory, limit: int = SIMILAR_LIMIT) -> list[Memory]:
        """Up to `limit` other memories similar to `memory`: the most similar first, then the most recent,
        then by id."""
        words = self._words.get(memory.id) or content_words(memory.text or "") - FUNCTION_WORDS
        norm = self._norm(words)
        dots: dict[str, float] = {}
        for word in words:
            weight = self.weight(word)
            for other in self._index.get(word, ()):
                if other != memory.id:
                    dots[other] = dots.get(other, 0.0) + weight
        scores = {other: dot / (norm * self._norms[other]) for other, dot in dots.items() if norm * self._norms[other]}
        found = [self._memories[other] for other, score in scores.items() if score >= SIMILAR_MIN]
        found.sort(key=lambda m: (-scores[m.id], -m.touched, m.id))
        return found[:limit]


def newest_first(memories: Iterable[Memory]) -> list[Memory]:
    """Most recently proposed first, then by id."""
    return sorted(memories, key=lambda m: (-m.created, m.id))


def check_edit(kit: PersonaKit, text: str | None, category: str | None) -> tuple[str | None, str | None]:
    """An edit as the store takes it: None where nothing changes. Raises `StoreError` with one
    sentence when the text is too long or looks like a secret, or the category is unknown."""
    if text is not None:
        text = text.strip() or None
    if text is not None:
        if len(text) > 300:
            raise StoreError(f"The new text is {len(text)} characters; the most is 300.")
        if kit.refusal(text, "") is not None:
            raise StoreError("The new text looks like a secret, so PersonaKit will not store it.")
    if category is not None:
        category = category.strip().casefold() or None
    if category is not None and category not in CATEGORIES:
        raise StoreError(f"{category!r} is not a category; use one of {', '.join(CATEGORIES)}.")
    return text, category


def review_queue(memories: Iterable[Memory]) -> list[Memory]:
    """What the owner reviews, in order: the unconfirmed memories, newest first, then the approved
    ones with quotes waiting for them (`Memory.pending`), newest first."""
    every = list(memories)
    return newest_first(m for m in every if m.state == "unconfirmed") + newest_first(
        m for m in every if m.state != "unconfirmed" and m.pending
    )


def in_review(memory: Memory | None) -> bool:
    """Whether a memory still waits for the owner: unconfirmed, or with a quote waiting."""
    return memory is not None and (memory.state == "unconfirmed" or bool(memory.pending))


def finish_erasing(kit: PersonaKit, rejected: Iterable[str] = ()) -> None:
    """Finish an erasure the store could not finish (another process was reading an old copy):
    through the store's `finish_erasure(wait)` when it has one, else by rejecting again the
    memories in `rejected` that are rejected. Raises `StoreError` with one sentence if it still cannot."""
    finish = getattr(kit.store, "finish_erasure", None)
    if finish is not None:
        if not finish(ERASE_WAIT):
            raise StoreError(
                "Another program is still reading an older copy of the memory, so the erasure is not finished; "
                "stop it and try again."
            )
        return
    ids = list(rejected)
    for memory_id, state in kit.store.states(ids).items():
        if state == "rejected":
            kit.store.decide(memory_id, "reject", kit.now())


def undo(kit: PersonaKit) -> Decision | None:
    """Revert the latest decision not yet undone (None when there is none). A reject cannot be
    undone: the store raises `StoreError` saying so."""
    store_undo = getattr(kit.store, "undo", None)
    if store_undo is None:
        raise StoreError("This store cannot undo decisions.")
    decision: Decision | None = store_undo(kit.now())
    return decision


# -- the terminal -------------------------------------------------------------------------


class Terminal:
    """Single keys when standard input is a terminal (cbreak mode, so Ctrl-C still works),
    else one line per answer."""

    def __init__(self, infile: IO[str], outfile: IO[str]) -> None:
        self.out = outfile
        self.infile = infile
        try:
            self.fd = infile.fileno()
            self.tty = os.isatty(self.fd)
        except (AttributeError, OSError, ValueError):
            self.fd, self.tty = -1, False
        self._saved: list[Any] | None = None
        self.width = max(40, min(100, shutil.get_terminal_size((80, 24)).columns))

    @contextlib.contextmanager
    def session(self) -> Iterator[None]:
        """Single-key mode for the whole review; the terminal is put back however it ends."""
        if not self.tty:
            yield
            return
        import termios
        import tty

        self._saved = termios.tcgetattr(self.fd)
        try:
            tty.setcbreak(self.fd)
            yield
        finally:
            termios.tcsetattr(self.fd, termios.TCSADRAIN, self._saved)
            self._saved = None

    def write(self, text: str = "") -> None:
        """Write to the terminal. Each stored field is made `printable` where it is put into a line
        (so its own newlines show as `\\n`); this is the last guard, keeping only the review's newlines."""
        self.out.write(printable(text, keep="\n"))
        self.out.flush()

    def say(self, text: str = "") -> None:
        self.write(text + "\n")

    def _ready(self) -> bool:
        return bool(select.select([self.fd], [], [], 0.05)[0])

    def _read_char(self) -> str:
        """One key press; an escape sequence (arrow keys) comes back as ESC; end of input as ''."""
        first = os.read(self.fd, 1)
        if not first:
            return ""
        if first == b"\x1b":  # an escape sequence (arrow keys and the like): read it whole, ignore it
            if self._ready() and os.read(self.fd, 1) in (b"[", b"O"):
                for _ in range(16):
                    if not self._ready() or 0x40 <= os.read(self.fd, 1)[:1].ljust(1, b"~")[0] <= 0x7E:
                        break
            return "\x1b"
        data = first
        need = 3 if first[0] >= 0xF0 else 2 if first[0] >= 0xE0 else 1 if first[0] >= 0xC0 else 0
        for _ in range(need):
            data += os.read(self.fd, 1)
        return data.decode("utf-8", "replace")

    def key(self, prompt: str, allowed: str, default: str | None = None, keys: str = KEYS) -> str:
        """One of `allowed` (lower case), or `default` for Enter; 'q' at the end of input or on Ctrl-D.
        `?` or `h` shows `keys`."""
        self.write(prompt)
        while True:
            if self.tty:
                ch = self._read_char()
                if ch in ("", "\x04"):
                    self.say()
                    return "q"
                ch = ch.lower()
                if ch in ("\r", "\n") and default is not None:
                    self.say()
                    return default
                if ch in allowed:
                    self.say(ch)
                    return ch
                if ch in ("?", "h"):
                    self.write(f"\n{keys}\n{prompt}")
                continue
            line = self.infile.readline()
            if not line:
                self.say()
                return "q"
            answer = line.strip().lower()[:1] or (default or "")
            if answer and answer in allowed:
                self.say(answer)  # a piped answer is not echoed by a terminal
                return answer
            self.write(f"Type one of {', '.join(allowed)}. {prompt}")

    def line(self, prompt: str) -> str | None:
        """A line of text, with the terminal's own editing; None at the end of input."""
        self.write(prompt)
        if not self.tty:
            line = self.infile.readline()
            self.say(line.rstrip("\r\n"))
            return None if not line else line.rstrip("\r\n")
        import termios

        assert self._saved is not None
        cbreak = termios.tcgetattr(self.fd)
        termios.tcsetattr(self.fd, termios.TCSADRAIN, self._saved)
        try:
            data = b""
            while not data.endswith(b"\n"):
                chunk = os.read(self.fd, 4096)
                if not chunk:
                    return None if not data else data.decode("utf-8", "replace")
                data += chunk
            return data.decode("utf-8", "replace").rstrip("\r\n")
        finally:
            termios.tcsetattr(self.fd, termios.TCSADRAIN, cbreak)


class Review:
    """The terminal review: one memory at a time, the unconfirmed ones newest first, then the approved
    ones with quotes waiting for the owner."""

    def __init__(self, kit: PersonaKit, terminal: Terminal) -> None:
        self.kit = kit
        self.t = terminal
        queue = review_queue(kit.store.memories())
        self.queue: list[str] = [m.id for m in queue]
        self.waiting = sum(1 for m in queue if m.state != "unconfirmed")
        self.position = 0
        self.counts: dict[str, int] = {}

    # -- showing --------------------------------------------------------------------------

    def _wrap(self, text: str, indent: str) -> str:
        return textwrap.fill(printable(text), self.t.width, initial_indent=indent, subsequent_indent=indent)

    def show(self, memory: Memory) -> None:
        t = self.t
        progress = f" {self.position + 1} of {len(self.queue)} "
        t.say()
        t.say("──" + progress + "─" * max(2, t.width - len(progress) - 2))
        approved = f"  approved {_when(memory.approved_at)}" if memory.state == "approved" else ""
        t.say(f"{memory.id}  {printable(memory.category)}  proposed {_when(memory.created)}{approved}")
        t.say(self._wrap(memory.text, "  "))
        if memory.quotes:
            waiting = f", {len(memory.pending)} waiting for you" if memory.pending else ""
            t.say(f"Quotes, newest first ({len(memory.quotes)}{waiting}):")
            for quote in reversed(memory.quotes):
                mark = "[waiting for you] " if quote in memory.pending else ""
                t.say(self._wrap(f"{mark}“{quote}”", "  "))
        similar = Similar(self.kit.store.memories()).to(memory)
        if similar:
            t.say("Similar memories:")
            for other in similar:
                t.say(self._wrap(f"{other.id}  {other.state:<11} {other.text}", "  "))
        else:
            t.say("Similar memories: none.")
        if memory.pending:
            t.say(self._wrap(f"Waiting for you: “{memory.pending[-1]}”: [k]eep it as evidence or [d]rop it.", ""))

    def keys(self, memory: Memory) -> tuple[str, str]:
        """The key line for this memory and the keys it allows: approve unless it is approved, keep
        and drop only while a quote waits."""
        if not memory.pending:
            return KEYS, "arxesuq"
        if memory.state == "approved":
            return f"{QUOTE_KEYS}  [r]estrict  re[x]ect  [e]dit  [s]kip  [u]ndo  [q]uit", "kdrxesuq"
        return f"{QUOTE_KEYS}  {KEYS}", "kdarxesuq"

    # -- deciding -------------------------------------------------------------------------

    def current(self) -> Memory | None:
        """The memory at the current position, skipping those that no longer wait for the owner."""
        while self.position < len(self.queue):
            memory = self.kit.store.get(self.queue[self.position])
            if memory is not None and in_review(memory):
                return memory
            del self.queue[self.position]
        return None

    def decide(self, memory: Memory, action: str) -> bool:
        """Apply a decision and go on to the next memory; when the store cannot, say its sentence
        as an error and stay (True only when the decision was done, wholly)."""
        try:
            self.kit.store.decide(memory.id, action, self.kit.now())
        except StoreError as exc:
            self.t.say(f"Not finished: {printable(str(exc))}")
            return False
        self.counts[action] = self.counts.get(action, 0) + 1
        self.t.say(f"{DONE[action]} {memory.id}.")
        self.position += 1
        return True

    def reject(self, memory: Memory) -> None:
        self.t.say(REJECT_WARNING)
        if self.t.key("Reject it? [y/N] ", "yn", default="n") != "y":
            self.t.say("Not rejected.")
            return
        if self.decide(memory, "reject") or self.kit.store.states([memory.id]).get(memory.id) != "rejected":
            return  # done, or the store changed nothing and the memory is shown again
        if self.finish(memory):  # it was rejected but not yet erased from every file
            self.counts["reject"] = self.counts.get("reject", 0) + 1
            self.t.say(f"Rejected {memory.id}.")

    def finish(self, memory: Memory) -> bool:
        """After a StoreError left an erasure unfinished: try again as often as the owner asks."""
        while self.t.key("Try again to finish erasing it? [y/N] ", "yn", default="n") == "y":
            try:
                finish_erasing(self.kit, [memory.id])
            except StoreError as exc:
                self.t.say(f"Not finished: {printable(str(exc))}")
                continue
            return True
        self.t.say("Not erased from every file yet; the sentence above says what finishes it.")
        return False

    def decide_quote(self, memory: Memory, action: str) -> None:
        """Keep (accept) or drop the newest quote waiting under the memory; the memory stays on screen
        while another quote waits."""
        quote = memory.pending[-1]
        if action == "drop-quote":
            self.t.say(DROP_WARNING)
            if self.t.key("Drop it? [y/N] ", "yn", default="n") != "y":
                self.t.say("Not dropped.")
                return
        try:
            self.kit.store.decide(memory.id, action, self.kit.now(), quote=quote)
        except StoreError as exc:
            self.t.say(f"Not finished: {printable(str(exc))}")
            after = self.kit.store.get(memory.id)
            if action != "drop-quote" or after is None or quote in after.quotes or not self.finish(memory):
                return
        self.counts[action] = self.counts.get(action, 0) + 1
        done = "Kept the quote as evidence of" if action == "accept-quote" else "Dropped and erased the quote of"
        self.t.say(f"{done} {memory.id}.")

    def edit(self, memory: Memory) -> None:
        t = self.t
        t.say("New text (empty keeps it):")
        text = t.line("> ")
        if text is None:
            return
        category = t.line(f"Category, one of {', '.join(CATEGORIES)} (empty keeps {printable(memory.category)}): ")
        if category is None:
            return
        try:
            new_text, new_category = check_edit(self.kit, text, category)
            if new_text is not None and new_text == memory.text:
                new_text = None
            if new_category == memory.category:
                new_category = None
            if new_text is None and new_category is None:
                t.say("Nothing changed.")
                return
            self.kit.store.decide(memory.id, "edit", self.kit.now(), text=new_text, category=new_category)
        except StoreError as exc:
            t.say(f"Not edited: {printable(str(exc))}")
            return
        self.counts["edit"] = self.counts.get("edit", 0) + 1
        if memory.state == "unconfirmed":
            t.say(f"Edited {memory.id}; it is still unconfirmed, so approve, restrict or reject it now.")
        else:
            t.say(f"Edited {memory.id}; it is still {memory.state}.")

    def undo(self) -> None:
        try:
            decision = undo(self.kit)
        except StoreError as exc:
            self.t.say(f"Nothing undone: {printable(str(exc))}")
            return
        if decision is None:
            self.t.say("Nothing to undo.")
            return
        memory = self.kit.store.get(decision.memory_id)
        state = memory.state if memory is not None else "gone"
        self.t.say(f"Undid {decision.action} of {decision.memory_id}; it is {state} again.")
        self.counts["undo"] = self.counts.get("undo", 0) + 1
        if memory is None or not in_review(memory):
            return
        if memory.id in self.queue:
            self.position = self.queue.index(memory.id)
        else:
            self.queue.insert(self.position, memory.id)

    def summary(self) -> str:
        names = [("approve", "approved"), ("restrict", "restricted"), ("reject", "rejected"), ("edit", "edited")]
        parts = [f"{self.counts.get(action, 0)} {word}" for action, word in names]
        for action, word in [("accept-quote", "kept"), ("drop-quote", "dropped")]:
            if self.counts.get(action):
                n = self.counts[action]
                parts.append(f"{n} quote{'' if n == 1 else 's'} {word}")
        if self.counts.get("undo"):
            parts.append(f"{self.counts['undo']} undone")
        return "Reviewed: " + ", ".join(parts) + "."

    def introduce(self) -> bool:
        """Say what there is to review; False when there is nothing."""
        unconfirmed = len(self.queue) - self.waiting
        waiting = f"{self.waiting} approved {'memory' if self.waiting == 1 else 'memories'} with quotes waiting for you"
        if not self.queue:
            self.t.say("Nothing to review: there are no unconfirmed memories and no quotes waiting for you.")
            return False
        if not self.waiting:
            self.t.say(f"{unconfirmed} unconfirmed memories, newest first. {KEYS}.")
        elif not unconfirmed:
            self.t.say(f"{waiting}, newest first. {QUOTE_KEYS}.")
        else:
            self.t.say(f"{unconfirmed} unconfirmed memories, newest first, then {waiting}. {KEYS}; {QUOTE_KEYS}.")
        return True

    def step(self, memory: Memory) -> bool:
        """Show one memory and act on one key; False when the owner quits."""
        self.show(memory)
        line, allowed = self.keys(memory)
        key = self.t.key(f"({self.position + 1} of {len(self.queue)}) {line}? ", allowed, keys=line)
        actions = {"a": "approve", "r": "restrict"}
        if key == "q":
            return False
        if key in actions:
            self.decide(memory, actions[key])
        elif key == "k":
            self.decide_quote(memory, "accept-quote")
        elif key == "d":
            self.decide_quote(memory, "drop-quote")
        elif key == "x":
            self.reject(memory)
        elif key == "e":
            self.edit(memory)
        elif key == "s":
            self.t.say(f"Skipped {memory.id}.")
            self.position += 1
        elif key == "u":
            self.undo()
        return True

    def run(self) -> None:
        t = self.t
        if not self.introduce():
            return
        with t.session():
            while True:
                memory = self.current()
                if memory is None:
                    t.say()
                    t.say("No more unconfirmed memories or waiting quotes to review.")
                    if t.key("[u]ndo the last decision or [q]uit? ", "uq") == "u":
                        self.undo()
                        continue
                    break
                if not self.step(memory):
                    break
        t.say(self.summary())


def review_terminal(kit: PersonaKit, infile: IO[str] | None = None, outfile: IO[str] | None = None) -> None:
    Review(kit, Terminal(infile or sys.stdin, outfile or sys.stdout)).run()


def cmd_review(args: argparse.Namespace) -> None:
    """`personakit review [--web] [--no-browser]`."""
    from .cli import _open

    kit = _open(args)
    try:
        if getattr(args, "web", False):
            from .review_web import serve_review

            serve_review(kit, open_browser=not getattr(args, "no_browser", False))
        else:
            review_terminal(kit)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        raise
    finally:
        kit.close()


__all__: Sequence[str] = [
    "Similar",
    "check_edit",
    "cmd_review",
    "finish_erasing",
    "in_review",
    "newest_first",
    "review_queue",
    "review_terminal",
    "undo",
]

"""`personakit review`: the owner goes through the unconfirmed memories, newest first, one key each.

POSIX only (Linux, macOS, the BSDs): single keys come through `termios` and `tty`, which Windows does not
have, so importing this module there raises ModuleNotFoundError and `personakit review` says in one sentence
that `personakit review --web` works everywhere (`launch.py`). It runs in any plain terminal, over SSH too,
with the standard library alone: single keys when standard input is a terminal, else one line per answer.
`--web` serves the same review as a page in the browser (`web.py`); what the two share is in
`shared.py`.

What the owner sees is wrapped to the terminal's width as it is when it is written (text runs at most
100 columns), always between two words, never inside one; the key line wraps between two key hints. A key
that does nothing here says which keys do, `h` says what each does. Ctrl-C stops the review as `q` does:
the terminal is put back as it was, the summary (the decisions that stand, so not one undone since, what was
skipped, how many memories still wait) is said on one line, and the exit status is 130.

Editing (`e`): where Python has readline (GNU readline or libedit, so Linux and macOS) and the review runs
on the process's own terminal, the line starts as the current text, then as the current category, to be
edited in place (hidden characters as their escapes, as they are shown). Elsewhere (answers from a pipe, a
Python without readline) the current text is shown above an empty line. Either way an empty answer keeps
what is there.
"""

from __future__ import annotations

import contextlib
import os
import re
import select
import shutil
import sys
import termios  # POSIX only: see the module's docstring
import tty
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from typing import IO, TYPE_CHECKING, Any

from personakit_plugin.core.model import CATEGORIES, Memory
from personakit_plugin.core.store import Retires, StoreError
from personakit_plugin.owner.console import writing_stdout
from personakit_plugin.owner.display import plural, printable, when
from personakit_plugin.owner.review.shared import (
    Likeness,
    Proposers,
    Tally,
    check_edit,
    finish_erasing,
    in_review,
    listed,
    note_shown,
    review_queue,
    unchanged,
    undo,
)

if TYPE_CHECKING:
    from personakit_plugin.core.kit import PersonaKit

REJECT_WARNING = "Rejecting erases its text and quotes for good; it cannot be undone."
DROP_WARNING = "Dropping erases this quote for good; it cannot be undone."
KEYS = ("[a]pprove", "[r]estrict", "[x] reject", "[e]dit", "[s]kip", "[u]ndo", "[q]uit")
QUOTE_KEYS = ("[y] keep quote", "[d]rop quote")
"""Keep is `y`, as on the review page, where `k` moves to the memory above."""
KEY_HELP = {
    "y": "keep the newest quote waiting for you as evidence of the memory",
    "d": "drop the newest quote waiting for you: it is erased (asks first)",
    "a": "approve: assistants see it, marked confirmed",
    "r": "restrict: assistants never see it; it is only counted when it matches",
    "x": "reject: erases its text and quotes for good (asks first)",
    "e": "edit its text, then its category (an empty answer keeps each)",
    "s": "skip: leave it waiting and go on to the next",
    "u": "undo your last decision",
    "q": "quit (Ctrl-C too); what you decided is kept",
    "p": "replace: approve it and retire the memory it may replace (undo brings that back)",
}
KEY_NAMES = {"\r": "Enter", "\n": "Enter", " ": "Space", "\t": "Tab", "\x7f": "Backspace", "\x1b": "That key"}
"""How a key without a letter is named when it does nothing."""
TEXT_WIDTH = 100
"""The widest the review's text runs, in columns, however wide the terminal."""
END = "No more unconfirmed memories or waiting quotes to review."
"""Said at the end of the queue when nothing waits for the owner any more."""
DONE = {"approve": "Approved", "restrict": "Restricted", "reject": "Rejected", "edit": "Edited", "reset": "Reset"}


def columns(text: str) -> int:
    """How many terminal columns `text` takes: two for a wide (East Asian) character, none for a combining mark."""
    if text.isascii():
        return len(text)
    return sum(0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _cut(word: str, room: int) -> list[str]:
    """A word wider than a whole line, in pieces of at most `room` columns: the one break inside a word."""
    pieces = [""]
    for ch in word:
        if pieces[-1] and columns(pieces[-1] + ch) > room:
            pieces.append("")
        pieces[-1] += ch
    return pieces


def fill(words: Iterable[tuple[str, str]], width: int, indent: str = "") -> list[str]:
    """Lines of at most `width` columns, each starting with `indent`, from (the space before it, word) pairs:
    a line breaks only between two words, where the space goes; only a word wider than a line is cut."""
    room = max(1, width - columns(indent))
    lines: list[str] = []
    line: str | None = None
    for space, word in words:
        for piece in _cut(word, room) if columns(word) > room else [word]:
            if line is not None and columns(line + space + piece) <= room:
                line += space + piece
                continue
            if line is not None:
                lines.append(line)
            line = piece
    if line is not None:
        lines.append(line)
    return [indent + line for line in lines] or [indent]


def wrap(text: str, width: int, indent: str = "") -> str:
    """`text`, made printable, in lines of at most `width` columns broken between words; the spaces
    inside a line are kept as they are."""
    return "\n".join(fill(re.findall(r"(\s*)(\S+)", printable(text)), width, indent))


def wrap_units(units: Sequence[str], width: int, separator: str = "  ") -> list[str]:
    """Units (key hints, the parts of a heading) side by side, `separator` apart, in lines of at most `width`
    columns: a line breaks only between two units, never inside one."""
    return fill(((separator if i else "", unit) for i, unit in enumerate(units)), width)


def either(keys: Sequence[str]) -> str:
    """The keys as a person lists them: "a, r or q"."""
    return keys[0] if len(keys) == 1 else f"{', '.join(keys[:-1])} or {keys[-1]}"


class Terminal:
    """Single keys when standard input is a terminal (cbreak mode, so Ctrl-C still works), else one line
    per answer. Lines are wrapped to the terminal's width as it is when they are written, between words."""

    def __init__(self, infile: IO[str], outfile: IO[str]) -> None:
        self.out = outfile
        self.infile = infile
        try:
            self.fd = infile.fileno()
            self.tty = os.isatty(self.fd)
        except (AttributeError, OSError, ValueError):
            self.fd, self.tty = -1, False
        self._saved: list[Any] | None = None

    @property
    def width(self) -> int:
        """The terminal's width in columns now (it may have been resized); else $COLUMNS, else 80."""
        try:
            width = os.get_terminal_size(self.out.fileno()).columns
        except (AttributeError, OSError, ValueError):
            width = shutil.get_terminal_size((80, 24)).columns
        return width if width > 0 else 80

    @property
    def text_width(self) -> int:
        """How wide the review's text runs: the terminal's width, up to 100 columns (easier to read)."""
        return min(TEXT_WIDTH, self.width)

    @contextlib.contextmanager
    def session(self) -> Iterator[None]:
        """Single-key mode for the whole review; the terminal is put back however it ends."""
        if not self.tty:
            yield
            return
        self._saved = termios.tcgetattr(self.fd)
        try:
            tty.setcbreak(self.fd)
            yield
        finally:
            termios.tcsetattr(self.fd, termios.TCSADRAIN, self._saved)
            self._saved = None

    def write(self, text: str = "") -> None:
        """Write to the terminal. Each stored field is made `printable` where it is put into a line
        (so its own newlines show as `\\n`); this is the last guard, keeping only the review's newlines.
        An output that cannot be written ends the review with one sentence (`console.writing_stdout`)."""
        with writing_stdout("the review"):
            self.out.write(printable(text, keep="\n"))
            self.out.flush()

    def say(self, text: str = "") -> None:
        self.write(text + "\n")

    def tell(self, text: str, indent: str = "", more: str | None = None) -> None:
        """A sentence or a stored text on lines of its own, wrapped between words, the first line starting
        with `indent` and the next ones with `more` (the same by default)."""
        lines = wrap(text, self.text_width, indent if more is None else more)
        self.say(lines if more is None else indent + lines[len(more) :])

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

    def key(self, prompt: str, allowed: str, default: str | None = None, *, review: bool = False) -> str:
        """One of `allowed` (lower case), or `default` for Enter; 'q' at the end of input or on Ctrl-D.
        Ctrl-C raises KeyboardInterrupt (as its signal does); `h` or `?` says what each key does (with
        `review`, as `KEY_HELP` says; a question answered y or n has no such keys), and any other key which
        keys work."""
        self.write(prompt)
        if not self.tty:
            return self._typed_key(prompt, allowed, default)
        while True:
            ch = self._read_char()
            if ch in ("", "\x04"):
                self.say()
                return "q"
            if ch == "\x03":  # Ctrl-C read as a key (no signal when this is not the controlling terminal)
                raise KeyboardInterrupt
            ch = ch.lower()
            if ch in ("\r", "\n") and default is not None:
                self.say()
                return default
            if ch in allowed:
                self.say(ch)
                return ch
            helps = KEY_HELP if review else {}
            said = self.explain(allowed, default, helps) if ch in "?h" else self.unknown(ch, allowed, default, helps)
            self.write("\n" + said)
            self.write(prompt)

    def _typed_key(self, prompt: str, allowed: str, default: str | None) -> str:
        """`key` without a terminal: the first letter of each line typed."""
        while True:
            line = self.infile.readline()
            if not line:
                self.say()
                return "q"
            answer = line.strip().lower()[:1] or (default or "")
            if answer and answer in allowed:
                self.say(answer)  # a piped answer is not echoed by a terminal
                return answer
            self.write(wrap(f"Type {either(allowed)}{_enter(default)}.", self.text_width) + "\n" + prompt)

    def unknown(self, ch: str, allowed: str, default: str | None, helps: dict[str, str]) -> str:
        """One sentence: this key does nothing here, and which keys do."""
        name = KEY_NAMES.get(ch, f"“{printable(ch)}”")
        more = ", or h to see what each does" if any(key in helps for key in allowed) else ""
        sentence = f"{name} does nothing here; press {either(allowed)}{_enter(default)}{more}."
        return wrap(sentence, self.text_width) + "\n"

    def explain(self, allowed: str, default: str | None, helps: dict[str, str]) -> str:
        """What each key of `allowed` does, a line each."""
        helped = [key for key in allowed if key in helps]
        if not helped:
            return wrap(f"Press {either(allowed)}{_enter(default)}.", self.text_width) + "\n"
        lines = [wrap(f"{key}  {helps[key]}", self.text_width, "   ")[3:] for key in helped]
        return "\n".join(lines) + "\n"

    @property
    def prefills(self) -> bool:
        """Whether `ask` can start from the current text (readline edits it in place)."""
        return self._readline() is not None

    def _readline(self) -> Any:
        """The readline module, when it edits lines on this terminal (GNU readline or libedit: input() uses
        it only on the process's own standard input and output); else None."""
        if not self.tty or self._saved is None or self.infile is not sys.stdin or self.out is not sys.stdout:
            return None
        try:
            import readline
        except ImportError:
            return None
        return readline

    def ask(self, prompt: str, current: str) -> str | None:
        """A line of text, None at the end of input. Where readline is there, the line starts as `current`,
        to be edited in place; else it starts empty (the caller shows `current` first, and takes an empty
        answer as keeping it)."""
        readline = self._readline()
        if readline is None:
            return self.line(prompt)
        assert self._saved is not None
        cbreak = termios.tcgetattr(self.fd)
        termios.tcsetattr(self.fd, termios.TCSADRAIN, self._saved)
        readline.set_startup_hook(lambda: readline.insert_text(current))
        try:
            return input(prompt)
        except EOFError:
            self.say()
            return None
        finally:
            readline.set_startup_hook(None)
            termios.tcsetattr(self.fd, termios.TCSADRAIN, cbreak)

    def line(self, prompt: str) -> str | None:
        """A line of text, with the terminal's own editing; None at the end of input."""
        self.write(prompt)
        if not self.tty:
            line = self.infile.readline()
            self.say(line.rstrip("\r\n"))
            return None if not line else line.rstrip("\r\n")
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


def _enter(default: str | None) -> str:
    return f" (Enter is {default})" if default else ""


class Review:
    """The terminal review: one memory at a time, the unconfirmed ones newest first, then the approved
    ones with quotes waiting for the owner."""

    def __init__(self, kit: PersonaKit, terminal: Terminal) -> None:
        self.kit = kit
        self.t = terminal
        every = listed(kit)  # read once: the queue, and the likeness of every memory shown
        queue = review_queue(every)
        self.likeness = Likeness(kit)
        self.likeness.renew(every)
        self.proposers = Proposers(kit)
        self.queue: list[str] = [m.id for m in queue]
        self.waiting = sum(1 for m in queue if m.state != "unconfirmed")
        self.position = 0
        self.tally = Tally()
        self.skipped: set[str] = set()
        self.replaces: list[Memory] = []  # what the memory shown may replace (`owner.updates`)

    # -- showing --------------------------------------------------------------------------

    def show(self, memory: Memory) -> None:
        t = self.t
        progress = f" {self.position + 1} of {len(self.queue)} "
        t.say()
        t.say(("──" + progress + "─" * max(2, t.text_width - columns(progress) - 2))[: max(t.text_width, 1)])
        heading = [memory.id, printable(memory.category), f"proposed {when(memory.created)}"]
        if memory.state == "approved":
            heading.append(f"approved {when(memory.approved_at)}")
        by = self.proposers.of([memory.id]).get(memory.id)
        if by is not None:  # what the client called itself: said, never trusted
            heading.append(f"proposed by {printable(by.named())}")
        t.say("\n".join(wrap_units(heading, t.text_width)))
        t.tell(memory.text, "  ")
        if memory.quotes:
            waiting = f", {len(memory.pending)} waiting for you" if memory.pending else ""
            t.tell(f"Quotes, newest first ({len(memory.quotes)}{waiting}):")
            for quote in reversed(memory.quotes):
                mark = "[waiting for you] " if quote in memory.pending else ""
                t.tell(f"{mark}“{quote}”", "  ")
        similar = self.likeness.to(memory)
        t.say("Similar memories:" if similar else "Similar memories: none.")
        for other in similar:
            t.tell(f"{other.id}  {other.state:<11} {other.text}", "  ", "    ")
        if memory.pending:
            t.tell(f"Waiting for you: “{memory.pending[-1]}”: [y] keep it as evidence or [d]rop it.")
        note_shown(self.kit.store, memory)  # so that a later `personakit approve ID` may confirm these quotes
        self.replaces = self._replaces(memory)
        if self.replaces:
            old = self.replaces[0]
            t.tell(f"This may replace {old.id}: “{old.text}”: [p] approves this one and retires that one.")

    def _replaces(self, memory: Memory) -> list[Memory]:
        from personakit_plugin.owner.review.updates import may_replace

        if memory.state != "unconfirmed" or not isinstance(self.kit.store, Retires):
            return []
        return may_replace(memory, listed(self.kit, "approved"), self.kit)

    def keys(self, memory: Memory) -> tuple[tuple[str, ...], str]:
        """The key hints for this memory and the keys they allow: approve unless it is approved, keep
        and drop only while a quote waits."""
        if self.replaces and not memory.pending:
            return (KEYS[0], "[p] replace", *KEYS[1:]), "aprxesuq"
        if not memory.pending:
            return KEYS, "arxesuq"
        if memory.state == "approved":
            return (*QUOTE_KEYS, *KEYS[1:]), "ydrxesuq"
        return (*QUOTE_KEYS, *KEYS), "ydarxesuq"

    def prompt(self, memory: Memory) -> tuple[str, str]:
        """The prompt for one memory, its key hints wrapped between hints (one column left for the key
        pressed), and the keys it allows."""
        hints, allowed = self.keys(memory)
        units = [f"({self.position + 1} of {len(self.queue)})", *hints[:-1], hints[-1] + "?"]
        return "\n".join(wrap_units(units, self.t.width - 2)) + " ", allowed

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
        as an error and stay (True only when the decision was done, wholly). An approve confirms the
        quotes shown (`memory`, as `show` showed it): one proposed since waits for the owner."""
        shown = memory.quotes if action == "approve" else None
        try:
            decision = self.kit.store.decide(memory.id, action, self.kit.now(), shown=shown)
        except StoreError as exc:
            self.t.tell(f"Not finished: {exc}")
            return False
        self.tally.took(decision)
        self.t.say(unchanged(decision, f"{DONE[action]} {memory.id}."))
        after = self.kit.store.get(memory.id) if action == "approve" else None
        if after is not None and after.pending:
            n = len(after.pending)
            self.t.tell(
                f"{plural(n, 'quote')} of it still {'waits' if n == 1 else 'wait'} for you; the review shows it again."
            )
            if memory.id not in self.queue[self.position + 1 :]:
                self.queue.append(memory.id)
        self.position += 1
        return True

    def reject(self, memory: Memory) -> None:
        self.t.tell(REJECT_WARNING)
        if self.t.key("Reject it? [y/N] ", "yn", default="n") != "y":
            self.t.say("Not rejected.")
            return
        if self.decide(memory, "reject") or self.kit.store.states([memory.id]).get(memory.id) != "rejected":
            return  # done, or the store changed nothing and the memory is shown again
        if self.finish(memory):  # it was rejected but not yet erased from every file
            self.took_latest(memory, "reject")
            self.t.say(f"Rejected {memory.id}.")

    def took_latest(self, memory: Memory, action: str) -> None:
        """Count the latest `action` on `memory`: one the store recorded although it raised (it could not
        finish the erasure then)."""
        self.tally.took(next(d for d in reversed(self.kit.store.history(memory.id)) if d.action == action))

    def finish(self, memory: Memory) -> bool:
        """After a StoreError left an erasure unfinished: try again as often as the owner asks."""
        while self.t.key("Try again to finish erasing it? [y/N] ", "yn", default="n") == "y":
            try:
                finish_erasing(self.kit, [memory.id])
            except StoreError as exc:
                self.t.tell(f"Not finished: {exc}")
                continue
            return True
        self.t.tell("Not erased from every file yet; the sentence above says what finishes it.")
        return False

    def decide_quote(self, memory: Memory, action: str) -> None:
        """Keep (accept) or drop the newest quote waiting under the memory; the memory stays on screen
        while another quote waits."""
        quote = memory.pending[-1]
        if action == "drop-quote":
            self.t.tell(DROP_WARNING)
            if self.t.key("Drop it? [y/N] ", "yn", default="n") != "y":
                self.t.say("Not dropped.")
                return
        try:
            self.tally.took(self.kit.store.decide(memory.id, action, self.kit.now(), quote=quote))
        except StoreError as exc:
            self.t.tell(f"Not finished: {exc}")
            after = self.kit.store.get(memory.id)
            if action != "drop-quote" or after is None or quote in after.quotes or not self.finish(memory):
                return
            self.took_latest(memory, action)
        done = "Kept the quote as evidence of" if action == "accept-quote" else "Dropped and erased the quote of"
        self.t.say(f"{done} {memory.id}.")

    def ask_edit(self, memory: Memory) -> tuple[str, str] | None:
        """The text and category the owner gives, each starting from the current one where the terminal
        can edit a line in place (readline), else shown above an empty line; an empty answer keeps it.
        None when the input ends."""
        t = self.t
        text, category = printable(memory.text), printable(memory.category)
        if t.prefills:
            t.tell("Edit the text, then press Enter (an empty line keeps it):")
        else:
            t.tell(f"The text now: {text}")
            t.tell("New text (empty keeps it):")
        new_text = t.ask("> ", text)
        if new_text is None:
            return None
        keeps = "" if t.prefills else f" (empty keeps {category})"
        t.tell(f"Category, one of {', '.join(CATEGORIES)}{keeps}:")
        new_category = t.ask("> ", category)
        if new_category is None:
            return None
        # What was shown, given back unchanged, is no change (hidden characters are shown escaped).
        new_text = "" if new_text.strip() == text else new_text
        return new_text, "" if new_category.strip() == category else new_category

    def edit(self, memory: Memory) -> None:
        t = self.t
        answers = self.ask_edit(memory)
        if answers is None:
            return
        try:
            new_text, new_category = check_edit(self.kit, *answers)
            if new_text is not None and new_text == memory.text:
                new_text = None
            if new_category == memory.category:
                new_category = None
            if new_text is None and new_category is None:
                t.say("Nothing changed.")
                return
            decision = self.kit.store.decide(memory.id, "edit", self.kit.now(), text=new_text, category=new_category)
        except StoreError as exc:
            t.tell(f"Not edited: {exc}")
            return
        self.tally.took(decision)
        if not decision.recorded:
            t.tell(unchanged(decision))
        elif memory.state == "unconfirmed":
            t.tell(f"Edited {memory.id}; it is still unconfirmed, so approve, restrict or reject it now.")
        else:
            t.tell(f"Edited {memory.id}; it is still {memory.state}.")

    def undo(self) -> None:
        try:
            decision = undo(self.kit)
        except StoreError as exc:
            self.t.tell(f"Nothing undone: {exc}")
            return
        if decision is None:
            self.t.say("Nothing to undo.")
            return
        memory = self.kit.store.get(decision.memory_id)
        state = memory.state if memory is not None else "gone"
        self.t.tell(f"Undid {decision.action} of {decision.memory_id}; it is {state} again.")
        self.tally.undid(decision)
        if memory is None or not in_review(memory):
            return
        if memory.id in self.queue:
            self.position = self.queue.index(memory.id)
        else:
            self.queue.insert(self.position, memory.id)

    def still_waiting(self) -> set[str]:
        """The memories that still wait for the owner: the next review's queue, skipped ones included."""
        return {memory.id for memory in review_queue(listed(self.kit))}

    def summary(self) -> str:
        """One line: what stands of what the owner decided (`Tally`: an approve they undid is not counted),
        then the memories they skipped that still wait, and any others that do."""
        waiting = self.still_waiting()
        return self.tally.summary(len(waiting), len(self.skipped & waiting))

    def introduce(self) -> bool:
        """Say what there is to review; False when there is nothing."""
        unconfirmed = plural(len(self.queue) - self.waiting, "unconfirmed memory")
        waiting = f"{plural(self.waiting, 'approved memory')} with quotes waiting for you"
        if not self.queue:
            self.t.tell("Nothing to review: there are no unconfirmed memories and no quotes waiting for you.")
            return False
        if not self.waiting:
            self.t.tell(f"{unconfirmed}, newest first.")
        elif len(self.queue) == self.waiting:
            self.t.tell(f"{waiting}, newest first.")
        else:
            self.t.tell(f"{unconfirmed}, newest first, then {waiting}.")
        self.t.tell("One key for each; press h to see what each key does.")
        return True

    def step(self, memory: Memory) -> bool:
        """Show one memory and act on one key; False when the owner quits."""
        self.show(memory)
        prompt, allowed = self.prompt(memory)
        key = self.t.key(prompt, allowed, review=True)
        actions = {"a": "approve", "r": "restrict"}
        if key == "q":
            return False
        if key in actions:
            self.decide(memory, actions[key])
        elif key == "y":
            self.decide_quote(memory, "accept-quote")
        elif key == "d":
            self.decide_quote(memory, "drop-quote")
        elif key == "x":
            self.reject(memory)
        elif key == "e":
            self.edit(memory)
        elif key == "s":
            self.t.say(f"Skipped {memory.id}.")
            self.skipped.add(memory.id)
            self.position += 1
        elif key == "u":
            self.undo()
        elif key == "p":
            self.replace(memory)
        return True

    def replace(self, memory: Memory) -> None:
        """Approve `memory` (the quotes shown) and retire the memory it may replace, with a link to it."""
        old = self.replaces[0]
        try:
            approved, retired = self.kit.store.replace(  # type: ignore[attr-defined]
                old.id, memory.id, self.kit.now(), shown=memory.quotes
            )
        except StoreError as exc:
            self.t.tell(f"Not finished: {exc}")
            return
        self.tally.took(approved)
        self.tally.took(retired)
        self.t.say(f"Approved {memory.id}; retired {old.id}, which it replaces.")
        self.position += 1

    def loop(self) -> None:
        """One memory after another until the owner quits or nothing is left."""
        t = self.t
        while True:
            memory = self.current()
            if memory is None:
                t.say()
                # What still waits (skipped memories do) is said once, by the summary.
                t.tell("You reached the end of the queue." if self.still_waiting() else END)
                if t.key("[u]ndo the last decision or [q]uit? ", "uq", review=True) == "u":
                    self.undo()
                    continue
                return
            if not self.step(memory):
                return

    def run(self) -> None:
        """The whole review. Ctrl-C stops it: the terminal is put back, the summary said on one line, and
        KeyboardInterrupt raised again (the command's exit status is then 130)."""
        if not self.introduce():
            return
        try:
            with self.t.session():
                self.loop()
        except KeyboardInterrupt:
            self.t.say()
            self.t.say(wrap("Stopped. " + self.summary(), self.t.width))
            raise
        self.t.say(wrap(self.summary(), self.t.width))


def review_terminal(kit: PersonaKit, infile: IO[str] | None = None, outfile: IO[str] | None = None) -> None:
    Review(kit, Terminal(infile or sys.stdin, outfile or sys.stdout)).run()

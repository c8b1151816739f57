"""A throwaway PostgreSQL cluster for tests and benchmarks.

`start()` gives a real PostgreSQL server that nobody else uses and that vanishes afterwards: a
fresh cluster in a new folder under the system's temporary directory, listening on loopback only
(127.0.0.1, a free port) with a random password, run from Debian's PostgreSQL packages
(`/usr/lib/postgresql/<major>/bin`). When we are root the server programs run as an unprivileged
user (`postgres`, else `nobody`), since PostgreSQL refuses to run as root and a test should not
need to. When PostgreSQL is missing and we are root on a Debian-like system, `install()` installs
it with apt-get first, without letting the package create or start a system cluster.

    from personakit_store_postgres import throwaway

    with throwaway.start() as cluster:
        url = cluster.create_database()  # a fresh, empty database, as a libpq URI
        ...

Anything that makes this impossible here (not installed and not installable, initdb or the server
failing) raises `Unavailable`, whose message says why in one sentence, so that a test suite can
skip rather than fail. The server is stopped and its folder removed by `Cluster.stop()`, at the
end of a `with` block, or at the latest when the Python process exits.

POSIX only. Needs psycopg 3 and PostgreSQL 13 or later (databases are dropped `WITH (FORCE)`).
"""

from __future__ import annotations

import atexit
import itertools
import os
import pwd
import re
import secrets
import shlex
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import TracebackType
from urllib.parse import quote, urlsplit, urlunsplit

import psycopg
from psycopg import sql
from psycopg.conninfo import make_conninfo

__all__ = ["Cluster", "Server", "Unavailable", "binaries", "install", "start"]

#: The programs a folder must hold to run a cluster.
PROGRAMS = ("initdb", "pg_ctl", "postgres")
#: Where Debian's packages put each major version's programs, as `<major>/bin`.
DEBIAN_ROOT = Path("/usr/lib/postgresql")
#: postgresql-common reads `create_main_cluster` from here when a server package is configured.
CREATECLUSTER_CONF = Path("/etc/postgresql-common/createcluster.conf")
#: The environment variable naming a folder with the programs, ahead of any search.
BIN_VARIABLE = "PERSONAKIT_PG_BIN"

HOST = "127.0.0.1"
USER = "personakit"

APT_TIMEOUT = 900.0
INITDB_TIMEOUT = 180.0
START_WAIT = 60  # seconds pg_ctl waits for the server to come up
STOP_WAIT = 30
READY_TIMEOUT = 10.0  # seconds we then wait for a first connection to succeed
PORT_ATTEMPTS = 3
LOG_TAIL_LINES = 15

_names = itertools.count(1)


class Unavailable(Exception):
    """PostgreSQL cannot be installed or started here; the message says why in one sentence."""


# -- running programs ---------------------------------------------------------------------------


def _run(
    argv: Sequence[str],
    *,
    timeout: float,
    env: Mapping[str, str] | None = None,
    cwd: Path | None = None,
) -> subprocess.CompletedProcess[str]:
    """Run `argv` with no input and its output captured; failures come back as a return code.

    A program that cannot be executed returns 127, one that outlives `timeout` seconds is killed
    (with everything it started in its session) and returns -9; the reason is in `stderr`.
    """
    try:
        process = subprocess.Popen(
            list(argv),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            errors="replace",
            env=dict(env) if env is not None else None,
            cwd=cwd,
            start_new_session=True,
        )
    except OSError as error:
        return subprocess.CompletedProcess(list(argv), 127, "", f"cannot run {argv[0]}: {error}")
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except OSError:
            process.kill()
        try:
            out, err = process.communicate(timeout=5)
        except subprocess.TimeoutExpired:
            out, err = "", ""
        err = f"{err}\n{Path(argv[0]).name} did not finish within {timeout:g} seconds".strip()
        return subprocess.CompletedProcess(list(argv), -9, out, err)
    return subprocess.CompletedProcess(list(argv), process.returncode, out, err)


def _last_line(done: subprocess.CompletedProcess[str]) -> str:
    """The last non-empty line a program printed, on stderr by preference."""
    for stream in (done.stderr, done.stdout):
        lines = [line.strip() for line in (stream or "").splitlines() if line.strip()]
        if lines:
            return lines[-1]
    return f"exit status {done.returncode}"


def _is_program(path: Path) -> bool:
    return path.is_file() and os.access(path, os.X_OK)


def _has_programs(folder: Path) -> bool:
    return all(_is_program(folder / name) for name in PROGRAMS)


# -- finding and installing PostgreSQL ----------------------------------------------------------


def _major(name: str) -> tuple[int, ...] | None:
    """`"15"` -> `(15,)`, `"9.6"` -> `(9, 6)`; anything else -> None."""
    if re.fullmatch(r"\d+(?:\.\d+)*", name) is None:
        return None
    return tuple(int(part) for part in name.split("."))


def binaries() -> Path | None:
    """The folder holding `initdb`, `pg_ctl` and `postgres`, or None when there is none.

    `$PERSONAKIT_PG_BIN` when set (taken as given), else the newest
    `/usr/lib/postgresql/<major>/bin` that holds all three, else the folder of the `pg_ctl` on
    PATH (or of the file it links to) when all three are there.
    """
    chosen = os.environ.get(BIN_VARIABLE)
    if chosen:
        return Path(chosen)
    versions: list[tuple[tuple[int, ...], Path]] = []
    try:
        entries = list(DEBIAN_ROOT.iterdir())
    except OSError:
        entries = []
    for entry in entries:
        major = _major(entry.name)
        if major is not None and _has_programs(entry / "bin"):
            versions.append((major, entry / "bin"))
    if versions:
        return max(versions)[1]
    found = shutil.which("pg_ctl")
    if found is not None:
        for folder in (Path(found).parent, Path(found).resolve().parent):
            if _has_programs(folder):
                return folder
    return None


def _disable_main_cluster() -> None:
    """Tell postgresql-common not to create (and start) a `main` cluster when the server is installed.

    Other settings already in the file are kept.
    """
    try:
        text = CREATECLUSTER_CONF.read_text() if CREATECLUSTER_CONF.exists() else ""
        lines = [line for line in text.splitlines() if not re.match(r"\s*create_main_cluster\s*=", line)]
        lines.append("create_main_cluster = false")
        CREATECLUSTER_CONF.parent.mkdir(parents=True, exist_ok=True)
        CREATECLUSTER_CONF.write_text("\n".join(lines) + "\n")
    except OSError as error:
        raise Unavailable(f"cannot write {CREATECLUSTER_CONF} before installing PostgreSQL: {error}") from None


def install() -> Path:
    """Install PostgreSQL from Debian's packages unless `binaries()` already finds it; return its folder.

    Needs root and apt-get. The package is told not to create a system cluster, so nothing starts
    in the background. Runs `apt-get install -y --no-install-recommends postgresql`, and once more
    after an `apt-get update` if that fails. apt's output is captured, never shown. Raises
    `Unavailable` when it cannot be done.
    """
    found = binaries()
    if found is not None:
        return found
    if os.geteuid() != 0:
        raise Unavailable(
            "PostgreSQL is not installed, and installing it from Debian's packages needs root"
            f" but this process runs as uid {os.geteuid()}."
        )
    apt = shutil.which("apt-get")
    if apt is None:
        raise Unavailable("PostgreSQL is not installed, and there is no apt-get here to install it with.")
    _disable_main_cluster()
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive", "UCF_FORCE_CONFFOLD": "1"}
    argv = [
        apt,
        "install",
        "-y",
        "--no-install-recommends",
        # Keep our createcluster.conf should the package offer its own.
        "-o",
        "Dpkg::Options::=--force-confdef",
        "-o",
        "Dpkg::Options::=--force-confold",
        "postgresql",
    ]
    done = _run(argv, timeout=APT_TIMEOUT, env=env)
    if done.returncode != 0:
        update = _run([apt, "update"], timeout=APT_TIMEOUT, env=env)
        if update.returncode != 0:
            raise Unavailable(f"apt-get update failed while installing PostgreSQL: {_last_line(update)}")
        done = _run(argv, timeout=APT_TIMEOUT, env=env)
        if done.returncode != 0:
            raise Unavailable(f"apt-get could not install PostgreSQL: {_last_line(done)}")
    found = binaries()
    if found is None:
        raise Unavailable(
            "apt-get installed postgresql, yet no folder holding initdb, pg_ctl and postgres can be found."
        )
    return found


# -- the account the server runs as -------------------------------------------------------------


class _Account:
    """Runs the server's programs: as ourselves, or (when we are root) as an unprivileged user."""

    def __init__(self, user: pwd.struct_passwd | None) -> None:
        self.user = user

    @classmethod
    def for_server(cls) -> _Account:
        if os.geteuid() != 0:
            return cls(None)
        for name in ("postgres", "nobody"):
            try:
                user = pwd.getpwnam(name)
            except KeyError:
                continue
            if user.pw_uid != 0:
                return cls(user)
        raise Unavailable(
            "this process runs as root, and there is neither a postgres nor a nobody user to run the server as."
        )

    def give(self, path: Path) -> None:
        """Make `path` belong to the server's user."""
        if self.user is not None:
            os.chown(path, self.user.pw_uid, self.user.pw_gid)

    def command(self, argv: Sequence[str]) -> list[str]:
        """`argv`, wrapped so that it runs as the server's user."""
        if self.user is None:
            return list(argv)
        name = self.user.pw_name
        runuser = shutil.which("runuser") or next(
            (str(path) for path in (Path("/usr/sbin/runuser"), Path("/sbin/runuser")) if _is_program(path)),
            None,
        )
        if runuser is not None:
            return [runuser, "-u", name, "--", *argv]
        setpriv = shutil.which("setpriv")
        if setpriv is not None:
            uid, gid = self.user.pw_uid, self.user.pw_gid
            return [setpriv, f"--reuid={uid}", f"--regid={gid}", "--init-groups", "--", *argv]
        su = shutil.which("su")
        if su is not None:
            return [su, "-s", "/bin/sh", name, "-c", shlex.join(argv)]
        raise Unavailable(f"this process runs as root, and neither runuser, setpriv nor su can switch to {name}.")

    def run(self, argv: Sequence[str], *, cwd: Path, timeout: float) -> subprocess.CompletedProcess[str]:
        return _run(self.command(argv), timeout=timeout, env=_server_environment(), cwd=cwd)


def _server_environment() -> dict[str, str]:
    """Our environment without libpq's and the server's PG* variables, with messages in English."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("PG")}
    env["LC_ALL"] = "C"
    return env


# -- databases on a server ----------------------------------------------------------------------


class Server:
    """A PostgreSQL server reached at `url` (a libpq URI or key=value string), to make databases on.

    `url` must let us create and drop databases. Databases are made from `template0`, so they are
    empty whatever `template1` holds.
    """

    def __init__(self, url: str) -> None:
        self.url = url

    def database_url(self, name: str) -> str:
        """`url`, but for the database `name`."""
        parts = urlsplit(self.url)
        if parts.scheme in ("postgresql", "postgres"):
            return urlunsplit(parts._replace(path="/" + quote(name, safe="")))
        return make_conninfo(self.url, dbname=name)

    def create_database(self, name: str | None = None) -> str:
        """Create a fresh, empty database (named `t_<counter>_<random hex>` unless `name` is given);
        return its URL."""
        if name is None:
            name = f"t_{next(_names)}_{secrets.token_hex(4)}"
        with psycopg.connect(self.url, autocommit=True, connect_timeout=10) as connection:
            connection.execute(sql.SQL("CREATE DATABASE {} TEMPLATE template0").format(sql.Identifier(name)))
        return self.database_url(name)

    def drop_database(self, name: str) -> None:
        """Drop the database `name` if it exists, even with connections still open on it."""
        with psycopg.connect(self.url, autocommit=True, connect_timeout=10) as connection:
            connection.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


# -- the throwaway cluster ----------------------------------------------------------------------


class Cluster(Server):
    """A running throwaway PostgreSQL server, made by `start()`.

    `root` is its folder (holding `data`, the PGDATA folder, `server.log` and the Unix socket),
    `url` a libpq URI for the `postgres` database as the superuser `user` over TCP on
    `host`:`port`. `stop()` (or leaving a `with` block) stops the server and removes `root`; it
    also happens when the process exits.
    """

    def __init__(self, *, root: Path, port: int, password: str, programs: Path, account: _Account) -> None:
        self.root = root
        self.data = root / "data"
        self.host = HOST
        self.port = port
        self.user = USER
        self.password = password
        self._programs = programs
        self._account = account
        self._owner_pid = os.getpid()
        self._stopped = False
        super().__init__(self.database_url("postgres"))
        atexit.register(self._at_exit)

    def __repr__(self) -> str:
        return f"<Cluster {self.host}:{self.port} in {self.root}>"

    def database_url(self, name: str) -> str:
        credentials = f"{quote(self.user, safe='')}:{quote(self.password, safe='')}"
        return f"postgresql://{credentials}@{self.host}:{self.port}/{quote(name, safe='')}"

    def stop(self) -> None:
        """Stop the server (fast shutdown: open sessions are ended) and remove its folder. Idempotent."""
        if self._stopped:
            return
        self._stopped = True
        atexit.unregister(self._at_exit)
        _stop_server(self._programs, self.root, self._account)
        shutil.rmtree(self.root, ignore_errors=True)

    def halt(self) -> None:
        """Stop the server as its administrator would (a fast shutdown: open sessions are ended), keeping
        its folder, so that `resume()` starts it again with everything it had committed."""
        _stop_server(self._programs, self.root, self._account)

    def resume(self) -> None:
        """Start the server `halt()` stopped, on the same port, and wait until it accepts connections."""
        _start_server(self._programs, self.root, self._account, port=self.port)
        self._wait_until_ready()

    def give(self, path: Path) -> None:
        """Make `path` belong to the user the server runs as (a tablespace's folder must)."""
        self._account.give(path)

    def __enter__(self) -> Cluster:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()

    def _at_exit(self) -> None:
        # A forked child (multiprocessing, xdist) inherits the hook but not the cluster.
        if os.getpid() == self._owner_pid:
            self.stop()

    def _wait_until_ready(self) -> None:
        deadline = time.monotonic() + READY_TIMEOUT
        while True:
            try:
                with psycopg.connect(self.url, connect_timeout=2):
                    return
            except psycopg.OperationalError as error:
                if time.monotonic() >= deadline:
                    raise Unavailable(
                        f"PostgreSQL started but refuses connections on {self.host}:{self.port} ({error});"
                        f" the server log ends with:\n{_log_tail(self.root / 'server.log')}"
                    ) from None
            time.sleep(0.1)


def _log_tail(log: Path, start: int = 0) -> str:
    try:
        with log.open("rb") as file:
            file.seek(start)
            text = file.read().decode("utf-8", "replace")
    except OSError:
        return "(no server log)"
    lines = [line for line in text.splitlines() if line.strip()]
    return "\n".join(lines[-LOG_TAIL_LINES:]) or "(empty server log)"


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


def _initdb(programs: Path, root: Path, account: _Account, password: str) -> None:
    data = root / "data"
    password_file = root / "password"
    descriptor = os.open(password_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w") as file:
        file.write(password + "\n")
    account.give(password_file)
    argv = [
        str(programs / "initdb"),
        "-D",
        str(data),
        "-U",
        USER,
        "--auth-local=trust",
        "--auth-host=scram-sha-256",
        f"--pwfile={password_file}",
        "-E",
        "UTF8",
    ]
    try:
        done = account.run([*argv, "--locale=C.UTF-8"], cwd=root, timeout=INITDB_TIMEOUT)
        if done.returncode != 0 and "locale" in (done.stderr + done.stdout).lower():
            shutil.rmtree(data, ignore_errors=True)
            done = account.run([*argv, "--no-locale"], cwd=root, timeout=INITDB_TIMEOUT)
    finally:
        password_file.unlink(missing_ok=True)
    if done.returncode != 0:
        output = "\n".join((done.stderr or done.stdout).strip().splitlines()[-LOG_TAIL_LINES:])
        raise Unavailable(f"initdb could not create a PostgreSQL cluster in {data}:\n{output}")


def _start_server(programs: Path, root: Path, account: _Account, port: int | None = None) -> int:
    """Start the server on `port`, else on a free loopback port; return the port."""
    log = root / "server.log"
    attempts = PORT_ATTEMPTS if port is None else 1
    chosen = port
    for attempt in range(1, attempts + 1):
        port = chosen or _free_port()
        settings = {
            "listen_addresses": HOST,
            "port": str(port),
            "unix_socket_directories": str(root),
            "max_connections": "200",
            "fsync": "on",
        }
        options = " ".join(f"-c {shlex.quote(f'{key}={value}')}" for key, value in settings.items())
        offset = log.stat().st_size if log.exists() else 0
        argv = [
            str(programs / "pg_ctl"),
            "-D",
            str(root / "data"),
            "-l",
            str(log),
            "-w",
            "-t",
            str(START_WAIT),
        ]
        done = account.run([*argv, "-o", options, "start"], cwd=root, timeout=START_WAIT + 30)
        if done.returncode == 0:
            return port
        tail = _log_tail(log, offset)
        _stop_server(programs, root, account)  # in case it did come up after pg_ctl gave up
        if "already in use" in tail and attempt < attempts:
            continue
        if tail in ("(no server log)", "(empty server log)"):
            tail = _last_line(done)
        raise Unavailable(f"pg_ctl could not start PostgreSQL on port {port}; the server log ends with:\n{tail}")
    raise AssertionError("unreachable")


def _stop_server(programs: Path, root: Path, account: _Account) -> None:
    """Stop the server running on `root/data`, if any: a fast shutdown, else an immediate one."""
    data = root / "data"
    if not (data / "postmaster.pid").exists():
        return
    for mode in ("fast", "immediate"):
        argv = [str(programs / "pg_ctl"), "-D", str(data), "-m", mode, "-w", "-t", str(STOP_WAIT), "stop"]
        done = account.run(argv, cwd=root, timeout=STOP_WAIT + 15)
        if done.returncode == 0 or not (data / "postmaster.pid").exists():
            return


def start(*, install_missing: bool = True) -> Cluster:
    """Start a throwaway PostgreSQL cluster and return it once it accepts connections.

    Finds the programs with `binaries()` (installing them with `install()` if they are missing
    and `install_missing`), makes a fresh folder under the system's temporary directory (which,
    unlike pytest's `tmp_path`, the server's user can reach when we are root), runs initdb and
    starts the server on a free port of 127.0.0.1. Raises `Unavailable` when any of it fails.
    """
    programs = binaries()
    if programs is None:
        if not install_missing:
            raise Unavailable(
                "PostgreSQL is not installed here (no initdb, pg_ctl and postgres under"
                f" {DEBIAN_ROOT}/<major>/bin or on PATH), and installing it was not allowed."
            )
        programs = install()
    missing = [name for name in PROGRAMS if not _is_program(programs / name)]
    if missing:
        raise Unavailable(f"{programs} does not hold the PostgreSQL programs {', '.join(missing)}.")
    account = _Account.for_server()
    root = Path(tempfile.mkdtemp(prefix="personakit-pg-")).resolve()
    try:
        account.give(root)
        password = secrets.token_urlsafe(24)
        _initdb(programs, root, account, password)
        port = _start_server(programs, root, account)
    except BaseException:
        _stop_server(programs, root, account)
        shutil.rmtree(root, ignore_errors=True)
        raise
    cluster = Cluster(root=root, port=port, password=password, programs=programs, account=account)
    try:
        cluster._wait_until_ready()
    except BaseException:
        cluster.stop()
        raise
    return cluster

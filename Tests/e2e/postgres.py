"""A throw-away PostgreSQL cluster for the e2e tests: scripts/test-postgres.sh starts it (stopped when
pytest's process ends), and every test gets a database of its own on it."""
import os
import pathlib
import subprocess
import uuid

from conftest import ROOT

PSQL = "/usr/lib/postgresql/15/bin/psql"
PG_CTL = "/usr/lib/postgresql/15/bin/pg_ctl"


class PostgresCluster:
    def __init__(self, tls_dir=None):
        """`tls_dir`: a folder with server.crt and server.key, for a cluster that also speaks TLS."""
        started = subprocess.run(["bash", str(ROOT / "scripts" / "test-postgres.sh"), str(os.getpid()),
                                  *([str(tls_dir)] if tls_dir else [])],
                                 capture_output=True, text=True, timeout=120)
        assert started.returncode == 0, started.stderr
        self.port = int(started.stdout.strip())

    def url(self, database):
        return f"postgres://peach@127.0.0.1:{self.port}/{database}"

    def sql(self, database, statement, timeout=30):
        """Rows of `statement` as lists of text (psql's unaligned output)."""
        result = subprocess.run(
            [PSQL, "-X", "-At", "-F", "\t", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1", "-p", str(self.port),
             "-U", "peach", "-d", database, "-c", statement],
            capture_output=True, text=True, timeout=timeout)
        assert result.returncode == 0, result.stderr
        return [line.split("\t") for line in result.stdout.splitlines()]

    def create_database(self):
        name = "peach_e2e_" + uuid.uuid4().hex
        self.sql("postgres", f"CREATE DATABASE {name}")
        return name

    def crash_restart(self):
        """`pg_ctl restart -m immediate`: every backend ends at once without a checkpoint, as in a crash,
        and the server recovers from its WAL. Returns once it accepts connections again. A cluster of its
        own: the test run's shared one must not go away under other tests."""
        data = pathlib.Path(self.sql("postgres", "SHOW data_directory")[0][0])
        # As the cluster's owner (scripts/test-postgres.sh runs it as nobody under root); the log is
        # where the script put it, and no output stays on this process's pipes.
        owner = ["runuser", "-u", "nobody", "--"] if os.geteuid() == 0 else []
        restarted = subprocess.run([*owner, PG_CTL, "-D", str(data), "-l", str(data.parent / "server.log"),
                                    "-m", "immediate", "-w", "-t", "60", "restart"],
                                   capture_output=True, text=True, timeout=90)
        assert restarted.returncode == 0, restarted.stderr

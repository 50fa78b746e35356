"""Peach on a PostgreSQL server that speaks TLS (a throw-away cluster with a certificate from a CA made
here): the connection is encrypted, verify-full trusts the CA given as sslrootcert, and a certificate
the client cannot trust — or a server without TLS when TLS is required — is refused in one line,
writing nothing."""
import subprocess

import pytest

from conftest import PEACH, PeachServer
from postgres import PostgresCluster


def peach(*arguments):
    return subprocess.run([PEACH, *map(str, arguments)], capture_output=True, text=True, timeout=60)


def openssl(*arguments, cwd):
    subprocess.run(["openssl", *arguments], cwd=cwd, check=True, capture_output=True)


@pytest.fixture(scope="module")
def tls_cluster(tmp_path_factory):
    """A cluster whose certificate, for 127.0.0.1, is signed by a CA of its own (ca.crt)."""
    folder = tmp_path_factory.mktemp("pg-tls")
    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=Peach test CA",
            "-keyout", "ca.key", "-out", "ca.crt", cwd=folder)
    openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1", "-keyout", "server.key",
            "-out", "server.csr", cwd=folder)
    (folder / "san.ext").write_text("subjectAltName = IP:127.0.0.1\n")
    openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial",
            "-days", "2", "-extfile", "san.ext", "-out", "server.crt", cwd=folder)
    return PostgresCluster(tls_dir=folder), folder / "ca.crt"


def test_required_tls_encrypts_every_connection_of_a_server(tls_cluster):
    cluster, _ = tls_cluster
    database = cluster.create_database()
    server = PeachServer(None, database_url=cluster.url(database) + "?sslmode=require").start()
    try:
        trial = server.api("POST", "trials", json={"discipline": "pitchComparison"}).json()
        assert server.api("POST", f"trials/{trial['id']}/answer", json={"answer": "higher"}).status_code == 200
        encrypted = cluster.sql("postgres", "SELECT s.ssl, s.version FROM pg_stat_ssl s JOIN pg_stat_activity a "
                                            f"USING (pid) WHERE a.datname = '{database}'")
    finally:
        server.stop()
    assert encrypted and all(ssl == "t" and version.startswith("TLSv1.") for ssl, version in encrypted), encrypted
    assert cluster.sql(database, "SELECT count(*) FROM comparison") == [["1"]]


def test_verify_full_trusts_the_ca_given_as_sslrootcert(tls_cluster):
    cluster, ca = tls_cluster
    database = cluster.create_database()
    migrated = peach("migrate", "--database", cluster.url(database) + f"?sslmode=verify-full&sslrootcert={ca}")
    assert migrated.returncode == 0, migrated.stderr
    assert cluster.sql(database, "SELECT count(*) FROM schema_migrations") != [["0"]]


def test_an_untrusted_certificate_is_refused_in_one_line_and_nothing_is_written(tls_cluster):
    cluster, _ = tls_cluster
    database = cluster.create_database()
    # The system's roots do not know the test CA.
    refused = peach("migrate", "--database", cluster.url(database) + "?sslmode=verify-full")
    assert refused.returncode != 0 and refused.stdout == ""
    assert len(refused.stderr.splitlines()) == 1 and database in refused.stderr, refused.stderr
    assert cluster.sql(database, "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'") == [["0"]]


def test_required_tls_against_a_server_without_it_is_refused_in_one_line(postgres_cluster):
    database = postgres_cluster.create_database()
    refused = peach("migrate", "--database", postgres_cluster.url(database) + "?sslmode=require")
    assert refused.returncode != 0 and refused.stdout == ""
    assert len(refused.stderr.splitlines()) == 1 and database in refused.stderr, refused.stderr
    assert postgres_cluster.sql(database, "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'") == [["0"]]

"""`peach phone` (issue 54): the address of the running server as text and as a QR code that a
phone's camera reads, and how to trust Peach's CA once and add the app to the home screen;
`peach serve` beyond loopback prints the code under its URL in a terminal, and announces
`<host>.local` through Avahi where it runs (a stand-in `avahi-publish-service` on PATH plays Avahi:
no test depends on a daemon of the machine's)."""
import hashlib
import os
import pty
import re
import select
import signal
import subprocess
import time

import pytest

from conftest import PEACH

TOKEN = "phone-guide-token-0123456789"
QR_CELLS = set("█▀▄ ")


def fake_avahi(directory, established=True):
    """An avahi-publish-service that answers as Avahi does, and writes its pid and arguments."""
    directory.mkdir()
    tool = directory / "avahi-publish-service"
    if established:
        tool.write_text(f"#!/bin/sh\necho \"$@\" > {directory}/arguments\necho $$ > {directory}/pid\n"
                        "echo \"Established under name '$1'\" >&2\nexec sleep 600\n")
    else:
        tool.write_text("#!/bin/sh\necho 'Failed to create client object: Daemon not running' >&2\nexit 1\n")
    tool.chmod(0o755)
    return {**os.environ, "PATH": f"{directory}:{os.environ['PATH']}"}


def serve(data, environment=None, lines=6):
    """Starts `peach serve --host 0.0.0.0`; returns it and its lines up to what it says of mDNS."""
    process = subprocess.Popen([PEACH, "serve", "--host", "0.0.0.0", "--port", "0", "--token", TOKEN, "--no-browser",
                                "--data", str(data / "peach.sqlite")],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               env=environment or fake_avahi(data / "no-avahi", established=False))
    said = []
    while len(said) < lines:
        said.append(process.stdout.readline().rstrip("\n"))
        if "Avahi" in said[-1] or "avahi" in said[-1]:
            break
    return process, said


def phone(data, environment=None):
    return subprocess.run([PEACH, "phone", "--data", str(data / "peach.sqlite")], capture_output=True, text=True,
                          timeout=30, env=environment)


def wait_for_file(path, timeout=10):
    deadline = time.time() + timeout
    while not path.exists() and time.time() < deadline:
        time.sleep(0.05)


def qr_block(lines):
    """The code's lines: the longest run of lines made only of block cells."""
    runs, run = [], []
    for line in lines:
        cells = line[2:] if line.startswith("  ") else line
        if len(cells) > 20 and set(cells) <= QR_CELLS:
            run.append(cells)
        else:
            runs.append(run)
            run = []
    runs.append(run)
    return max(runs, key=len)


def decode(block, tmp_path):
    """What zbarimg, a QR reader independent of libqrencode, reads from the printed code."""
    rows = []
    for line in block:
        rows.append([cell in "█▀" for cell in line])
        rows.append([cell in "█▄" for cell in line])
    scale = 4
    pixels = [[bit for bit in row for _ in range(scale)] for row in rows for _ in range(scale)]
    image = tmp_path / "code.pbm"
    image.write_text(f"P1\n{len(pixels[0])} {len(pixels)}\n"
                     + "\n".join(" ".join("1" if pixel else "0" for pixel in row) for row in pixels) + "\n")
    result = subprocess.run(["zbarimg", "--quiet", "--raw", str(image)], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_phone_without_a_server_says_how_to_start_one(tmp_path):
    result = phone(tmp_path)
    assert result.returncode != 0 and result.stdout == ""
    assert result.stderr.startswith("Error: Peach is not serving on your network"), result.stderr


def test_phone_prints_the_address_a_code_a_camera_reads_and_how_to_trust_peach(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    process, lines = serve(data)
    try:
        url = lines[0]
        port = int(re.fullmatch(r"https://(\S+):(\d+)/\?token=" + TOKEN, url).group(2))
        wait_for_file(data / "serving.json")
        assert (data / "serving.json").stat().st_mode & 0o077 == 0  # it holds the token

        result = phone(data)
        assert result.returncode == 0, result.stderr
        out = result.stdout.splitlines()
        assert "\x1b" not in result.stdout  # not a terminal: no colours
        assert any(line.strip().startswith(url) for line in out), result.stdout
        assert decode(qr_block(out), tmp_path) in (url, *re.findall(r"https://\S+\.local:\d+/\?token=\S+", result.stdout))
        for step in ("Certificate Trust Settings", "Install a certificate › CA certificate", "Add to Home Screen",
                     f":{port}/ca.crt", "Trust this CA to identify websites"):
            assert step in result.stdout, step
        fingerprint = re.search(r"SHA-256 fingerprint: ((?:[0-9A-F]{2}:){31}[0-9A-F]{2})", result.stdout)
        der = subprocess.run(["openssl", "x509", "-in", str(data / "peach-ca.pem"), "-outform", "der"],
                             capture_output=True, check=True).stdout
        assert fingerprint.group(1) == ":".join(f"{byte:02X}" for byte in hashlib.sha256(der).digest())
    finally:
        process.terminate()
        process.wait(timeout=10)
    assert not (data / "serving.json").exists()  # a server that stops takes its file away
    assert phone(data).stderr.startswith("Error: Peach is not serving on your network")


def test_a_killed_servers_file_is_not_taken_for_a_running_server(tmp_path):
    process, _ = serve(tmp_path)
    wait_for_file(tmp_path / "serving.json")
    process.kill()
    process.wait(timeout=10)
    assert (tmp_path / "serving.json").exists()
    assert phone(tmp_path).stderr.startswith("Error: Peach is not serving on your network")


def test_serve_in_a_terminal_prints_the_code_under_its_url(tmp_path):
    leader, follower = pty.openpty()
    process = subprocess.Popen([PEACH, "serve", "--host", "0.0.0.0", "--port", "0", "--token", TOKEN, "--no-browser",
                                "--data", str(tmp_path / "peach.sqlite")],
                               stdin=follower, stdout=follower, stderr=follower, env=fake_avahi(tmp_path / "avahi"))
    os.close(follower)
    output = b""
    try:
        deadline = time.time() + 30
        while b"Scan the code" not in output and time.time() < deadline:
            ready, _, _ = select.select([leader], [], [], 1)
            if ready:
                output += os.read(leader, 65536)
    finally:
        process.terminate()
        process.wait(timeout=10)
        os.close(leader)
    lines = output.decode(errors="replace").replace("\r", "").splitlines()
    assert lines[0].startswith("https://") and lines[0].endswith(TOKEN), lines[:3]
    # Black on white whatever the terminal's colours.
    coded = [re.sub(r"\x1b\[[0-9;]*m", "", line) for line in lines if "\x1b[30;47m" in line]
    assert len(coded) > 10
    # The announced name, which survives a new address.
    assert re.fullmatch(r"https://[a-z0-9-]+\.local:\d+/\?token=" + TOKEN, decode([line[2:] for line in coded], tmp_path))


def test_serve_announces_its_local_name_puts_it_in_the_code_and_the_announcement_ends_with_it(tmp_path):
    avahi = tmp_path / "avahi"
    data = tmp_path / "data"
    data.mkdir()
    process, lines = serve(data, fake_avahi(avahi))
    try:
        port = int(re.fullmatch(r"https://\S+:(\d+)/\?token=" + TOKEN, lines[0]).group(1))
        announced = re.fullmatch(r"Announced as ([a-z0-9-]+\.local) by mDNS \(Avahi\).*: (\S+)", lines[-1])
        assert announced, lines
        name, local = announced.group(1), f"https://{announced.group(1)}:{port}/?token={TOKEN}"
        assert announced.group(2) == local
        arguments = (avahi / "arguments").read_text().split()
        assert arguments[-3:] == ["_https._tcp", str(port), "path=/"] and arguments[:2] == ["Peach", "on"]
        # The certificate names it, so a browser that trusts Peach's CA opens it with no warning.
        certificate = subprocess.run(["openssl", "x509", "-in", str(data / "tls-certificate.pem"), "-noout", "-ext",
                                      "subjectAltName"], capture_output=True, text=True, check=True).stdout
        assert f"DNS:{name}" in certificate

        wait_for_file(data / "serving.json")
        result = phone(data)
        assert result.returncode == 0, result.stderr
        assert decode(qr_block(result.stdout.splitlines()), tmp_path) == local
        assert f"https://{name}:{port}/ca.crt" in result.stdout
        assert lines[0] in result.stdout  # the address now, too
    finally:
        process.kill()  # as kill -9: the announcement must end all the same
        process.wait(timeout=10)
    pid = int((avahi / "pid").read_text())
    deadline = time.time() + 10
    while time.time() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.1)
    os.kill(pid, signal.SIGKILL)
    pytest.fail("the announcement outlived the server")


@pytest.mark.parametrize("avahi", ["not running", "not installed"])
def test_without_avahi_serve_says_so_in_one_line_and_the_code_holds_the_address(tmp_path, avahi):
    data = tmp_path / "data"
    data.mkdir()
    if avahi == "not running":
        environment = fake_avahi(tmp_path / "avahi", established=False)
    else:
        environment = {**os.environ, "PATH": str(tmp_path / "empty")}
    process, lines = serve(data, environment)
    try:
        said = [line for line in lines if "not announced" in line]
        expected = "avahi-daemon does not run" if avahi == "not running" else "Avahi is not installed"
        assert len(said) == 1 and said[0].startswith(expected), lines
        assert not any(line.startswith("Announced as") for line in lines)
        wait_for_file(data / "serving.json")
        result = phone(data)
        assert decode(qr_block(result.stdout.splitlines()), tmp_path) == lines[0]
    finally:
        process.terminate()
        process.wait(timeout=10)

"""`peach phone` (issue 54): the address of the running server as text and as a QR code that a
phone's camera reads, and how to trust Peach's CA once and add the app to the home screen;
`peach serve` beyond loopback prints the code under its URL in a terminal."""
import hashlib
import os
import pty
import re
import select
import subprocess
import time

from conftest import PEACH

TOKEN = "phone-guide-token-0123456789"
QR_CELLS = set("█▀▄ ")


def serve(data, environment=None, lines=5):
    """Starts `peach serve --host 0.0.0.0`; returns it and its first lines."""
    process = subprocess.Popen([PEACH, "serve", "--host", "0.0.0.0", "--port", "0", "--token", TOKEN, "--no-browser",
                                "--data", str(data / "peach.sqlite")],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=environment)
    said = []
    while len(said) < lines:
        said.append(process.stdout.readline().rstrip("\n"))
        if said[-1].startswith("Trust Peach's certificate authority"):
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
                               stdin=follower, stdout=follower, stderr=follower)
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
    assert decode([line[2:] for line in coded], tmp_path) in (lines[0], *re.findall(r"https://\S+\.local:\d+/\?token=\S+", "\n".join(lines)))

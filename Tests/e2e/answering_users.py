"""Users of a class server answering pitch comparisons until stopped: the load of the kill tests.
Each answer has a key of its own and is sent again under that key until it is acknowledged, so an
answer a server died on is retried once a server answers again."""
import random
import threading
import time

import requests


class AnsweringUsers:
    def __init__(self, count, invitation, addresses, pause):
        """`count` users sign up with `invitation`; `addresses()` gives the base URLs serving now, and
        each request goes to one of them; each user waits `pause` (low, high) seconds between answers."""
        self.count, self.invitation, self.addresses, self.pause = count, invitation, addresses, pause
        self.acknowledged = {}  # key → the index of the user whose answer it acknowledged
        self.failures = []
        self.sessions = {}  # index → the signed-in requests.Session
        self._lock, self._stop = threading.Lock(), threading.Event()
        self._threads = [threading.Thread(target=self._user, args=(index,)) for index in range(count)]

    def start(self):
        for thread in self._threads:
            thread.start()
        return self

    def answered_at_least(self, count, timeout=90):
        """Waits until `count` answers are acknowledged (or a failure, or the timeout); how many are."""
        deadline = time.monotonic() + timeout
        while len(self.acknowledged) < count and time.monotonic() < deadline and not self.failures:
            time.sleep(0.05)
        return len(self.acknowledged)

    def stop(self):
        self._stop.set()
        for thread in self._threads:
            thread.join(timeout=60)

    def _user(self, index):
        rng = random.Random(index)
        session = requests.Session()
        response = session.post(rng.choice(self.addresses()) + "api/account/sign-up", timeout=60, json={
            "name": f"user{index}", "password": f"password-{index}", "invitation": self.invitation})
        if response.status_code != 201:
            self.failures.append(response.text)
            return
        self.sessions[index] = session
        count = 0
        while not self._stop.is_set():
            key = f"user{index}-{count:05d}"
            trial = None
            while trial is None and not self._stop.is_set():
                try:
                    trial = session.post(rng.choice(self.addresses()) + "api/trials", timeout=10,
                                         json={"discipline": "pitchComparison"}).json()
                except (requests.RequestException, ValueError):
                    time.sleep(0.05)
            while trial is not None:
                try:
                    answer = session.post(rng.choice(self.addresses()) + f"api/trials/{trial['id']}/answer", timeout=10,
                                          json={"answer": "higher"}, headers={"Idempotency-Key": key})
                except requests.RequestException:
                    time.sleep(0.05)
                    continue  # unacknowledged: the same key again, on a server that answers
                if answer.status_code == 200:
                    with self._lock:
                        self.acknowledged[key] = index
                else:
                    self.failures.append(answer.text)
                break
            count += 1
            time.sleep(rng.uniform(*self.pause))

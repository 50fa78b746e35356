"""A TCP proxy on loopback that adds a round trip: every chunk is delayed by half of it in each
direction, in order, as Wi-Fi with power saving or a server across the internet delays it; and the
page script that times a tap on an answer."""
import asyncio
import threading
import time

# Each tap is timed on the page: performance.now() and the audio clock's time heard at the tap (a
# sound scheduled at a time is heard when the heard time reaches it), then the first animation
# frame after the feedback turned visible. The tap is a click unless `act` does another thing to
# the element (a slider's Enter).
TAP_TIMING = """
window.__tap = async (selector, act = (element) => element.click()) => {
  const [{ realtimeContext }, { audibleTime }] = await Promise.all([import('/js/audio/audio.js'), import('/js/audio/clock.js')]);
  const feedback = [...document.querySelectorAll('.feedback')];
  window.__timed = { tapAudio: audibleTime(realtimeContext()), feedbackMs: null };
  const tapped = performance.now();
  const observer = new MutationObserver(() => {
    if (!feedback.some((element) => element.classList.contains('visible'))) return;
    observer.disconnect();
    requestAnimationFrame(() => { window.__timed.feedbackMs = performance.now() - tapped; });
  });
  for (const element of feedback) observer.observe(element, { attributes: true, attributeFilter: ['class'] });
  act(document.querySelector(selector));
};
"""


class DelayingProxy:
    """A TCP proxy on loopback that delays every chunk by `one_way` seconds in each direction,
    keeping their order; run on its own event loop thread."""

    def __init__(self, target_port):
        self.target_port = target_port
        self.one_way = 0.0
        self.loop = asyncio.new_event_loop()
        ready = threading.Event()
        threading.Thread(target=self._run, args=(ready,), daemon=True).start()
        ready.wait()

    def _run(self, ready):
        asyncio.set_event_loop(self.loop)
        self.server = self.loop.run_until_complete(asyncio.start_server(self._client, "127.0.0.1", 0))
        self.port = self.server.sockets[0].getsockname()[1]
        ready.set()
        self.loop.run_forever()

    async def _client(self, reader, writer):
        try:
            upstream_reader, upstream_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            writer.close()
            return
        try:
            await asyncio.gather(self._pipe(reader, upstream_writer), self._pipe(upstream_reader, writer),
                                 return_exceptions=True)
        except asyncio.CancelledError:
            # Cancelled by close(): asyncio's server would print the cancellation as an error of
            # the connection's callback.
            writer.close()

    async def _pipe(self, reader, writer):
        queue = asyncio.Queue()

        async def deliver():
            while True:
                due, chunk = await queue.get()
                await asyncio.sleep(max(0.0, due - time.monotonic()))
                if chunk is None:
                    break
                writer.write(chunk)
                await writer.drain()
            writer.close()

        delivering = asyncio.ensure_future(deliver())
        try:
            while chunk := await reader.read(65536):
                queue.put_nowait((time.monotonic() + self.one_way, chunk))
        finally:
            queue.put_nowait((time.monotonic() + self.one_way, None))
            await delivering

    def close(self):
        """Ends every connection's tasks before the loop stops: tasks left pending on a stopped loop
        were collected later, in another test, each raising "Event loop is closed"."""
        async def shut_down():
            self.server.close()
            tasks = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(shut_down(), self.loop).result(timeout=10)
        self.loop.call_soon_threadsafe(self.loop.stop)

"""A page script that keeps the trials of one discipline the page is handed (alone, or as the next
after an answer) in window.__trials, where a test can read what it must answer."""


def capture_trials(discipline):
    return """
window.__trials = [];
const originalFetch = window.fetch;
window.fetch = async (...args) => {
  const response = await originalFetch(...args);
  const address = String(args[0]);
  if (address.endsWith('/api/trials') || address.endsWith('/answer?next=true')) {
    response.clone().json().then((body) => {
      for (const trial of [body, body.next]) if (trial?.discipline === '%s') window.__trials.push(trial);
    }).catch(() => {});
  }
  return response;
};
""" % discipline

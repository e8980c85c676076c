// What every view shares: finding and making elements, and asking the server for a JSON
// document with its refusals told apart (a refused value, a busy server, no answer at all).

export const $ = (id) => document.getElementById(id);

export function el(tag, props, ...children) {
  const node = document.createElement(tag);
  Object.assign(node, props || {});
  for (const child of children) {
    node.append(child);
  }
  return node;
}

/** A request the server refused or never answered. */
export class Refusal extends Error {
  constructor(message, { status = null, body = null, retryAfter = null } = {}) {
    super(message);
    this.status = status;
    // A value the parser refused comes with its parameter, the value and the reason alone.
    this.parameter = body && body.parameter;
    this.value = body && body.value;
    this.reason = body && body.reason;
    this.retryAfter = retryAfter;
  }
}

/** Seconds from a `Retry-After` header: a number of seconds or an HTTP date; null if none. */
function retrySeconds(header) {
  if (header === null) return null;
  if (/^\d+$/.test(header.trim())) return Number(header);
  const when = Date.parse(header);
  return Number.isNaN(when) ? null : Math.max(0, Math.ceil((when - Date.now()) / 1000));
}

/** GET a JSON document; a refusal throws a `Refusal` with what the server said. */
export async function getJson(path, params) {
  const url = params ? `${path}?${params}` : path;
  let response;
  try {
    response = await fetch(url, { headers: { Accept: 'application/json' } });
  } catch (e) {
    throw new Refusal(`no answer from the server (${e.message}): is nullmove serve still running?`);
  }
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    const reason = body && body.error ? body.error : `HTTP ${response.status}`;
    throw new Refusal(reason, {
      status: response.status,
      body,
      retryAfter: retrySeconds(response.headers.get('Retry-After')),
    });
  }
  return body;
}

/** A sentence's first letter in capitals. */
export function capitalized(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * What to tell the reader about a refusal: a busy server with its retry time, a refused
 * value under the name `labelOf(parameter)` gives it on the form (null: the server's line).
 */
export function refusalText(e, labelOf = () => null) {
  if (!(e instanceof Refusal)) return `Something went wrong in the page: ${e.message}`;
  if (e.status === 503) {
    const when = e.retryAfter === null ? 'in a moment' : `in ${e.retryAfter} s`;
    return `The server is busy with other requests: try again ${when}.`;
  }
  const label = e.parameter ? labelOf(e.parameter) : null;
  if (label && e.reason) {
    const stop = /[.)]$/.test(e.reason) ? '' : '.';
    return `${capitalized(label)} "${e.value}": ${e.reason}${stop}`;
  }
  if (e.status === null) return capitalized(e.message);
  return `The server refused: ${e.message}`;
}

vcl 4.1;
# The CDN stand-in in front of the edge router (ADR 0008, ADR 0011). It
#   - caches for the CDN's own lifetime: `Surrogate-Control` (what Fastly reads first), else
#     `CDN-Cache-Control` (RFC 9213), else Cache-Control as Varnish reads it; browsers get only
#     Cache-Control (the edge router splits the stored policy, core/storage/cache-policy.ts);
#   - purges by surrogate key (xkey): render workers send `PURGE` with an `xkey` header naming the
#     keys, space-separated (DESIGN.md flow, step 6; core/cdn/varnish.ts);
#   - serves stale copies (grace): up to 60 s past their lifetime while it refreshes them in the
#     background (stale-while-revalidate), and for the object's whole stale-if-error while the
#     edge router is unready (the probe on /readyz fails: the router is down or storage is).
#
# Checked on varnishd 7.1 (Debian varnish + varnish-modules): tests/integration/cdn-purge.test.ts
# and tests/integration/varnish.test.ts run this file with only the backend's host and port
# replaced (tests/support/varnish.ts). Keep the backend block free of braces (the probe is named).
import xkey;
import std;

# Readiness of the edge router: storage reachable (edge-router/plugins/health.ts). Sick after two
# failures in the last three probes (about 2 s), healthy again after two successes; starts healthy
# so the first readers are not refused while the first probes run.
probe edge_ready {
  .url = "/readyz";
  .timeout = 1s;
  .interval = 1s;
  .window = 3;
  .threshold = 2;
  .initial = 2;
}

backend edge {
  .host = "edge-router";
  .port = "3000";
  .probe = edge_ready;
}

# Who may purge. Names are resolved once, when the VCL is compiled; in parentheses, a name that
# does not resolve then is skipped with a warning instead of failing the compile, so Varnish starts
# outside compose (tests) and before the other containers have addresses.
acl purgers {
  "localhost";
  "127.0.0.1";
  ("render-worker");
  ("ingest");
  # docker-compose.yml's network: names resolve once, when the VCL compiles, so a worker replica
  # started or restarted later is allowed by its range instead. Not the host's gateway address.
  "172.28.0.0"/24;
  ! "172.28.0.1";
}

sub vcl_recv {
  if (req.method == "PURGE") {
    if (!client.ip ~ purgers) {
      return (synth(403, "Forbidden"));
    }
    if (req.http.xkey) {
      set req.http.n-gone = xkey.purge(req.http.xkey);
      return (synth(200, "Purged " + req.http.n-gone));
    }
    return (synth(400, "xkey header required"));
  }
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  # Stored pages do not vary by cookie or query for caching purposes (the edge router ignores the
  # query when choosing the object), but the query is kept for the trailing-slash redirect.
  unset req.http.Cookie;
  # While the edge router is ready, an expired copy is served for at most 60 s (the pages'
  # stale-while-revalidate) while a background fetch refreshes it; older copies wait for the
  # origin. While it is not ready, the object's own grace (its stale-if-error) applies.
  if (std.healthy(req.backend_hint)) {
    set req.grace = 60s;
  }
  return (hash);
}

sub vcl_backend_response {
  # Surrogate-Key from the edge router becomes xkey's index.
  if (beresp.http.Surrogate-Key) {
    set beresp.http.xkey = beresp.http.Surrogate-Key;
  }
  # A failed background refresh must not replace the stale copy readers are getting.
  if (beresp.status >= 500 && bereq.is_bgfetch) {
    return (abandon);
  }

  # The CDN's policy: Surrogate-Control, else CDN-Cache-Control (same directives, same value).
  if (beresp.http.Surrogate-Control) {
    set beresp.http.X-Cdn-Policy = beresp.http.Surrogate-Control;
  } else if (beresp.http.CDN-Cache-Control) {
    set beresp.http.X-Cdn-Policy = beresp.http.CDN-Cache-Control;
  } else {
    set beresp.http.X-Cdn-Policy = beresp.http.Cache-Control;
  }
  if (beresp.http.Surrogate-Control || beresp.http.CDN-Cache-Control) {
    if (beresp.http.X-Cdn-Policy ~ "(?i)(^|,)\s*(no-store|private)\s*(,|$)") {
      set beresp.ttl = 0s;
    } else if (beresp.http.X-Cdn-Policy ~ "(?i)(^|,)\s*max-age=[0-9]+") {
      set beresp.ttl = std.duration(regsub(beresp.http.X-Cdn-Policy, "(?i)^.*?(?:^|,)\s*max-age=([0-9]+).*$", "\1s"), 0s);
    }
  }
  # Grace: stale-if-error, else stale-while-revalidate, else Varnish's default (10 s).
  if (beresp.http.X-Cdn-Policy ~ "(?i)stale-if-error=[0-9]+") {
    set beresp.grace = std.duration(regsub(beresp.http.X-Cdn-Policy, "(?i)^.*stale-if-error=([0-9]+).*$", "\1s"), 10s);
  } else if (beresp.http.X-Cdn-Policy ~ "(?i)stale-while-revalidate=[0-9]+") {
    set beresp.grace = std.duration(regsub(beresp.http.X-Cdn-Policy, "(?i)^.*stale-while-revalidate=([0-9]+).*$", "\1s"), 10s);
  }
  unset beresp.http.X-Cdn-Policy;
}

sub vcl_backend_error {
  # A failed background refresh keeps the stale copy (the probe then marks the backend sick and
  # the copy's whole grace applies).
  if (bereq.is_bgfetch) {
    return (abandon);
  }
}

sub vcl_deliver {
  unset resp.http.xkey;
  # The CDN's policy is for this cache only (Fastly strips Surrogate-Control the same way).
  unset resp.http.Surrogate-Control;
  unset resp.http.CDN-Cache-Control;
  if (obj.hits > 0) {
    set resp.http.X-Cache = "HIT";
  } else {
    set resp.http.X-Cache = "MISS";
  }
  # A copy past its lifetime, served from grace (stale-while-revalidate or stale-if-error).
  if (obj.hits > 0 && obj.ttl < 0s) {
    set resp.http.X-Cache-Stale = "1";
  }
}

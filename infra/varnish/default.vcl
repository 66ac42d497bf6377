vcl 4.1;
# The CDN stand-in in front of the edge router. Honours Cache-Control from stored objects and
# purges by surrogate key (xkey): render workers send `PURGE` with an `xkey` header naming the keys,
# space-separated (DESIGN.md flow, step 6; core/cdn/varnish.ts; ADR 0008).
#
# Checked on varnishd 7.1 (Debian varnish + varnish-modules): tests/integration/cdn-purge.test.ts
# runs this file with only the backend's host and port replaced (tests/support/varnish.ts).
import xkey;
import std;

backend edge {
  .host = "edge-router";
  .port = "3000";
}

# Who may purge. Names are resolved once, when the VCL is compiled; in parentheses, a name that
# does not resolve then is skipped with a warning instead of failing the compile, so Varnish starts
# outside compose (tests) and before the other containers have addresses.
acl purgers {
  "localhost";
  "127.0.0.1";
  ("render-worker");
  ("ingest");
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
  return (hash);
}

sub vcl_backend_response {
  # Surrogate-Key from the edge router becomes xkey's index.
  if (beresp.http.Surrogate-Key) {
    set beresp.http.xkey = beresp.http.Surrogate-Key;
  }
  set beresp.grace = 24h;
}

sub vcl_deliver {
  unset resp.http.xkey;
  if (obj.hits > 0) {
    set resp.http.X-Cache = "HIT";
  } else {
    set resp.http.X-Cache = "MISS";
  }
}

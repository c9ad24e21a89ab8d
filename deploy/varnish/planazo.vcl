vcl 4.1;

# Planazo's shared cache: the rules a CDN in front of the app applies, written for Varnish.
# The app decides what may be shared: anonymous public pages and the public plan API answer
# `Cache-Control: public, max-age=0, s-maxage=N[, stale-while-revalidate=M]` with their tags in
# Surrogate-Key (space-separated) and Cache-Tag (comma-separated). This file makes sure nothing
# personal is ever stored or answered from the store, and lets the app invalidate by tag (BAN).
# Each answer says where it came from in X-Cache: HIT (the store), MISS (the app, now stored) or
# PASS (the app, not stored).

import std;

# The app (`next start`). test-support/varnish.ts rewrites the two lines marked "backend:".
backend default {
    .host = "127.0.0.1"; # backend: host
    .port = "3000"; # backend: port
}

# Who may invalidate: the app's own servers. Add their addresses when the app runs elsewhere.
acl purga {
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    # Invalidation by tag: `BAN /` with `X-Purga-Etiquetas: plan-<uuid>|municipio-28079|…` bans
    # every stored answer whose Surrogate-Key holds one of the tags as a whole word. The ban only
    # reads obj.*, so the ban lurker clears it from the store in the background. Tags are
    # lowercase letters, digits and dashes: no regex can widen a ban beyond them.
    if (req.method == "BAN") {
        if (client.ip !~ purga) {
            # Like any other method the site does not take: nothing tells a visitor it exists.
            return (synth(405, "Method Not Allowed"));
        }
        if (req.http.X-Purga-Etiquetas !~ "^[a-z0-9-]+(\|[a-z0-9-]+)*$") {
            return (synth(400, "X-Purga-Etiquetas: tags of [a-z0-9-] joined by |"));
        }
        # (The regex goes unquoted: std.ban splits its argument at spaces and keeps quotes as
        # part of it. Hence [[:space:]] for the space between tags.)
        if (!std.ban("obj.http.Surrogate-Key ~ (^|[[:space:]])(" + req.http.X-Purga-Etiquetas +
                     ")([[:space:]]|$)")) {
            return (synth(400, std.ban_error()));
        }
        return (synth(200, "Banned"));
    }

    # The methods the app takes; any other (TRACE, TRACK, CONNECT, a made-up one) is answered
    # here, never passed on: the app's server cannot even build a request of some of them.
    if (req.method !~ "^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)$") {
        return (synth(405, "Method Not Allowed"));
    }

    # Host names are case-insensitive: one object per site, however it is typed.
    if (req.http.Host) {
        set req.http.Host = req.http.Host.lower();
    }
    # The same query is the same object: parameters in a fixed order, no empty "?".
    set req.url = std.querysort(req.url);

    # Only reads are shared: everything else goes to the app as it came, cookies and all.
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }

    # A signed-in visitor (the session cookie, with its __Secure- prefix over HTTPS, or an API
    # token) gets their own answer: never from the store, never into it. So does a browser that
    # has just written (planazo.lsn, read-your-writes with a read replica, a few seconds).
    if (req.http.Authorization ||
        req.http.Cookie ~ "(^|;\s*)(__Secure-)?planazo\.session_token=" ||
        req.http.Cookie ~ "(^|;\s*)planazo\.lsn=") {
        return (pass);
    }

    # Accounts, management, publishing, sign-in and the pages reached from a token in an email
    # are personal whatever they answer, in every language: a mistake in their headers must never
    # put them in the store.
    if (req.url ~ "^(/(ca|eu|gl|en))?/(perfil|mis-planes|planes-favoritos|tus-organizaciones|crear-organizacion|publicar|editar-plan|gestion|iniciar-sesion|registro|confirmar-cuenta|restablecer-password|seguimientos)([/?]|$)" ||
        req.url ~ "^/api/(gestion|auth|usuario|seguimientos|tareas)([/?]|$)") {
        return (pass);
    }

    # The generic home sends a visitor it can place to that place's search (a private redirect,
    # lib/portada/destino.ts): one with a remembered place (the planazo_lugar cookie) or with a
    # CDN's geolocation headers, Vercel's or Cloudflare's. With CABECERAS_GEO set in the app, add
    # its latitude header here.
    if (req.url ~ "^(/(ca|eu|gl|en))?/?$" &&
        (req.http.Cookie ~ "(^|;\s*)planazo_lugar=" ||
         req.http.x-vercel-ip-latitude || req.http.x-vercel-ip-longitude ||
         req.http.cf-iplatitude || req.http.cf-iplongitude)) {
        return (pass);
    }

    # A town's page is also the town's actor on the fediverse, a plan's page its Event: the app
    # answers them by Accept and says `Vary: Accept`. Two forms of Accept, so one copy serves
    # every browser and one every server of the fediverse.
    if (req.url ~ "^(/(ca|eu|gl|en))?/plan(es)?/[^/?]+/[^/?]+([?]|$)") {
        if (req.http.Accept ~ "(?i)application/(activity|ld)\+json" && req.http.Accept !~ "(?i)text/html") {
            set req.http.Accept = "application/activity+json";
        } elsif (req.http.Accept ~ "(?i)text/html") {
            set req.http.Accept = "text/html";
        }
    }

    # Everything else is the same for every anonymous visitor: the cookies left (the cookie
    # notice's cookiesAccepted and any other) neither split the store nor bypass it.
    unset req.http.Cookie;
    return (hash);
}

sub vcl_backend_response {
    # A passed request's answer is never stored: nothing to decide.
    if (bereq.uncacheable) {
        return (deliver);
    }
    # Only what the app marks as shareable is stored: never an answer that sets a cookie, nor
    # one private, no-store or no-cache, nor one that does not say `public`.
    if (beresp.http.Set-Cookie ||
        beresp.http.Cache-Control ~ "(?i)(^|[ ,])(private|no-store|no-cache)([ ,=]|$)" ||
        beresp.http.Cache-Control !~ "(?i)(^|[ ,])public([ ,]|$)") {
        call no_guardar;
    }
    # How long: s-maxage, which Varnish reads before max-age (max-age=0 is for browsers). How
    # long past that an expired copy may still be answered while a fresh one is fetched in the
    # background: stale-while-revalidate, else not at all.
    if (beresp.http.Cache-Control ~ "(?i)(^|[ ,])stale-while-revalidate=[0-9]+([ ,]|$)") {
        set beresp.grace = std.duration(
            regsub(beresp.http.Cache-Control, "(?i)^.*stale-while-revalidate=([0-9]+).*$", "\1s"), 0s);
    } else {
        set beresp.grace = 0s;
    }
    # Then the built-in rules: no lifetime (s-maxage=0) or `Vary: *` is not stored either.
}

# Not stored: a short hit-for-miss, so the next requests for the address go to the app at once
# (no waiting behind one another) and the first shareable answer is stored again.
sub no_guardar {
    set beresp.ttl = 30s;
    set beresp.grace = 0s;
    set beresp.uncacheable = true;
    return (deliver);
}

sub vcl_deliver {
    if (obj.uncacheable) {
        set resp.http.X-Cache = "PASS";
    } elsif (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
    # Surrogate-Key is this store's own index for the bans: it stops here. Cache-Tag goes on, for
    # a CDN in front (Cloudflare's, which reads it, purges by the same tags and strips it before
    # the visitor); the tags name public plans, towns and organizations, nothing personal.
    unset resp.http.Surrogate-Key;
}

sub vcl_synth {
    # A method the site does not take, a BAN from elsewhere included: the app's own 405 for it,
    # with every method some address takes (lib/http.ts, ALLOW_DEL_SITIO; a test compares them).
    if (resp.status == 405) {
        set resp.http.Allow = "DELETE, GET, HEAD, OPTIONS, PATCH, POST";
        set resp.http.Content-Type = "application/json";
        set resp.http.Cache-Control = "no-store";
        set resp.body = """{"mensaje":"Esta dirección no admite ese método."}""";
        return (deliver);
    }
    # The answer to a BAN is for the app's logs: plain text, not an error page.
    if (req.method == "BAN") {
        set resp.http.Content-Type = "text/plain; charset=utf-8";
        set resp.body = resp.reason + {"
"};
        return (deliver);
    }
}

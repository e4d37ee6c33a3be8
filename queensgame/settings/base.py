"""Every setting, read from the environment with safe defaults: SQLite in var/ and Celery's
filesystem transport when DATABASE_URL and REDIS_URL are unset. Secure by default (`local`
relaxes what a laptop needs relaxed). Importing it writes nothing."""

from datetime import date, timedelta
from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured

env = environ.Env()
BASE_DIR = Path(__file__).resolve().parents[2]
PACKAGE_DIR = Path(__file__).resolve().parents[1]
# A checkout keeps templates/ and static/ at its top; the wheel ships them inside this
# package (pyproject.toml maps them), and keeps its var/ in the working directory.
FROM_SOURCE = (BASE_DIR / "manage.py").is_file()
TEMPLATES_DIR = BASE_DIR / "templates" if FROM_SOURCE else PACKAGE_DIR / "templates"
STATIC_SOURCE_DIR = BASE_DIR / "static" if FROM_SOURCE else PACKAGE_DIR / "static"
VAR_DIR = Path(env.str("QUEENS_VAR_DIR", default=str(BASE_DIR / "var" if FROM_SOURCE
                                                     else "var")))


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in env.str(name, default=default).split(",") if item.strip()]


DEBUG = False
SECRET_KEY = env.str("SECRET_KEY", default="")
MIN_SECRET_KEY_LENGTH = 50
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")
CSRF_FAILURE_VIEW = "puzzles.api.csrf.csrf_failure"
# Who the client is: how many proxies in front of the app to believe in X-Forwarded-For
# (compose: 1, the edge); 0 believes none, so a client cannot pick its own address. One
# function reads it (puzzles.players.identity.client_address) for the throttles, the
# project's limits, the rooms, axes and allauth; the app server never rewrites the address
# (queensgame.server).
TRUSTED_PROXIES = env.int("TRUSTED_PROXIES", default=0)
if TRUSTED_PROXIES < 0:
    raise ImproperlyConfigured("TRUSTED_PROXIES is a count of proxies: 0 or more")

# Security behind a TLS proxy: secure by default, each switch from the environment.
# SECURE_PROXY_SSL_HEADER names the header the proxy sets, e.g. HTTP_X_FORWARDED_PROTO, and
# only when such a proxy strips it from clients.
def transport_security(secure: bool) -> dict:
    """The https switches, each from the environment, defaulting to `secure` (local turns
    them off by default: a laptop serves plain http)."""
    return {
        "SECURE_SSL_REDIRECT": env.bool("SECURE_SSL_REDIRECT", default=secure),
        "SESSION_COOKIE_SECURE": env.bool("SESSION_COOKIE_SECURE", default=secure),
        "CSRF_COOKIE_SECURE": env.bool("CSRF_COOKIE_SECURE", default=secure),
        "SECURE_HSTS_SECONDS": env.int("SECURE_HSTS_SECONDS", default=31536000 if secure else 0),
        "SECURE_HSTS_INCLUDE_SUBDOMAINS": env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS",
                                                   default=secure),
        "SECURE_HSTS_PRELOAD": env.bool("SECURE_HSTS_PRELOAD", default=secure),
    }


globals().update(transport_security(True))
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
if env.str("SECURE_PROXY_SSL_HEADER", default=""):
    SECURE_PROXY_SSL_HEADER = (env.str("SECURE_PROXY_SSL_HEADER"), "https")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_celery_beat",
    "axes",
    "allauth",
    "allauth.account",
    "channels",
    "puzzles",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Outside sessions and CSRF: a request that raced a sign-in must not undo its cookies.
    "puzzles.players.rotated_cookies.KeepRotatedCookiesMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language: the player's pick (a cookie, /i18n/setlang/), else Accept-Language.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "puzzles.players.identity.PlayerMiddleware",
    "puzzles.core.db_unavailable.DatabaseUnavailableMiddleware",
    "axes.middleware.AxesMiddleware",  # answers a locked-out sign-in
    "allauth.account.middleware.AccountMiddleware",
]
# Sign-in is throttled (django-axes, the admin's and the players'): 5 wrong passwords for one
# account from one address lock that account at that address for 15 minutes. Keyed by both,
# so a stranger guessing locks neither the account elsewhere nor anyone else's address; the
# account is the name or email typed (puzzles.players.accounts.login_name), the address the one the
# throttles use.
AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend",
                           "django.contrib.auth.backends.ModelBackend",
                           "allauth.account.auth_backends.AuthenticationBackend"]
AXES_FAILURE_LIMIT = env.int("QUEENS_ADMIN_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = timedelta(minutes=env.int("QUEENS_ADMIN_LOCKOUT_MINUTES", default=15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_CLIENT_IP_CALLABLE = "puzzles.players.identity.client_address"
AXES_USERNAME_CALLABLE = "puzzles.players.accounts.login_name"
AXES_RESET_ON_SUCCESS = True
# No log of good sign-ins: it kept each one's raw address and browser, past the account's
# deletion (the database holds a player's address only as a keyed hash). The wrong passwords
# the lockout counts stay for its cool-off, and go with a deleted account.
AXES_DISABLE_ACCESS_LOG = True
AXES_VERBOSE = False

# Players' accounts (django-allauth): optional, by email and password, the email verified
# before the first sign-in; the display name is asked at sign-up (puzzles.players.accounts).
ACCOUNT_LOGIN_METHODS = {"email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "password1*", "password2*"]
ACCOUNT_SIGNUP_FORM_CLASS = "puzzles.players.accounts.SignupForm"
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_CONFIRM_EMAIL_ON_GET = False
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_LOGOUT_ON_PASSWORD_CHANGE = False
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Queens] "
LOGIN_REDIRECT_URL = "/me/"
ACCOUNT_LOGOUT_REDIRECT_URL = "/"
ACCOUNT_SESSION_REMEMBER = True
ACCOUNT_ADAPTER = "puzzles.players.accounts.AccountAdapter"  # the client's address: client_address
ALLAUTH_TRUSTED_PROXY_COUNT = TRUSTED_PROXIES  # the same count wherever allauth reads it
# A sign-up with a known email answers as a new one does and mails that address instead.
ACCOUNT_PREVENT_ENUMERATION = True
# allauth's own limits are per client address; its failed sign-ins per address only (its
# default also counts per email from anywhere: a stranger could lock a real account), the
# account and address together being axes' lockout above.
# A password reset mails the address typed, account or not (enumeration prevention): allauth's
# 5 a minute per address let a stranger send one victim 300 mails an hour; 3 an hour is
# plenty for a person who lost a mail.
ACCOUNT_RATE_LIMITS = {"login_failed": "10/m/ip", "reset_password": "10/m/ip,3/h/key"}
# A session lasts four weeks; sessions live in the cache, written through to the database
# (which answers while Redis is away: the `sessions` cache then misses, see CACHES).
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
SESSION_CACHE_ALIAS = "sessions"
SESSION_COOKIE_AGE = 28 * 24 * 3600

# Mail (verification, password reset): EMAIL_URL, e.g. smtp+tls://user:password@host:587,
# and DEFAULT_FROM_EMAIL. Unset: printed to the console (make run's log).
EMAIL_CONFIG = env.email_url("EMAIL_URL", default="consolemail://")
vars().update(EMAIL_CONFIG)
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="Queens <queens@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

ROOT_URLCONF = "queensgame.urls"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [TEMPLATES_DIR],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]
WSGI_APPLICATION = "queensgame.wsgi.application"

# SQLite (the default) in WAL mode with immediate transactions, so the site and the worker
# can write at once without "database is locked" upgrades.
DATABASES = {"default": {
    **env.db_url_config(env.str("DATABASE_URL", default="")
                        or f"sqlite:///{VAR_DIR / 'db.sqlite3'}"),
    "CONN_MAX_AGE": env.int("DB_CONN_MAX_AGE", default=60),
    # A reused connection is checked first, so a restarted database costs no request.
    "CONN_HEALTH_CHECKS": True,
}}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# The API's bodies are a board's marks at most: 64 KiB is plenty, and a bigger one is a 400.
DATA_UPLOAD_MAX_MEMORY_SIZE = 64 * 1024
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]
LANGUAGE_CODE = "en"
# The languages served; each has its catalogue in locale/ (`make messages` updates them).
LANGUAGES = [
    ("en", "English"),
    ("es", "Español"),
    ("fr", "Français"),
    ("de", "Deutsch"),
    ("pt-br", "Português (Brasil)"),
    ("zh-hans", "简体中文"),
]
LOCALE_PATHS = [BASE_DIR / "locale" if FROM_SOURCE else PACKAGE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600  # a pick is remembered for a year
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [STATIC_SOURCE_DIR]
STATIC_ROOT = Path(env.str("STATIC_ROOT", default=str(VAR_DIR / "staticfiles")))
# WhiteNoise serves collectstatic's output: hashed names, gzip and brotli, cached for a year.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "queensgame.static_storage.StaticStorage"},
}

# Celery: Redis when REDIS_URL is set, otherwise kombu's filesystem transport in var/celery.
REDIS_URL = env.str("REDIS_URL", default="")
CELERY_QUEUE = env.str("CELERY_QUEUE", default="queens")
if REDIS_URL:
    CELERY_BROKER_URL = REDIS_URL
else:
    _celery_dir = VAR_DIR / "celery"
    # kombu's filesystem transport, its messages written whole (queensgame/broker.py); a
    # host name it ignores, as without one kombu warns at every connection.
    CELERY_BROKER_URL = "filesystem://localhost/"
    CELERY_BROKER_TRANSPORT = "queensgame.broker:Transport"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_celery_dir / "queue"),
        "data_folder_out": str(_celery_dir / "queue"),
        "processed_folder": str(_celery_dir / "processed"),
        # Broadcast (control) messages too, or kombu writes a control/ folder in the cwd.
        "control_folder": str(_celery_dir / "control"),
        "store_processed": False,
        # The folder is looked at this often (kombu's default, 1 s, left a worker idle a
        # second between every two tasks: 76 pools queue 76 runs, each handed on every 5 s).
        "polling_interval": 0.1,
    }
CELERY_TASK_DEFAULT_QUEUE = CELERY_QUEUE
# The level builder's Make it unique: a queue of its own, so its searches never wait behind
# generation and never take more cores than its worker's concurrency.
CELERY_BUILDER_QUEUE = env.str("CELERY_BUILDER_QUEUE", default=f"{CELERY_QUEUE}-builder")
# The runs a person asks for (the admin, the API): a queue of their own, so they never wait
# behind the pools' top-up runs (make run's second worker takes it with the builder's).
CELERY_ADMIN_QUEUE = env.str("CELERY_ADMIN_QUEUE", default=f"{CELERY_QUEUE}-admin")
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_IGNORE_RESULT = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A worker outlives any Redis outage: Celery's default gives up after 100 tries (some 47
# minutes of 2 to 30 s waits) and the worker exits.
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_BROKER_CONNECTION_TIMEOUT = 3
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
CELERY_TIMEZONE = "UTC"
CELERY_TASK_ALWAYS_EAGER = False
# A task hands its run to a fresh task after QUEENS_TASK_SLICE_S; these only stop a task
# that is stuck far beyond that (the soft limit fails the run with a message).
CELERY_TASK_SOFT_TIME_LIMIT = env.int("CELERY_TASK_SOFT_TIME_LIMIT", default=300)
CELERY_TASK_TIME_LIMIT = env.int("CELERY_TASK_TIME_LIMIT", default=360)
CELERY_WORKER_HIJACK_ROOT_LOGGER = False

# Logs to stdout (the containers' log), request errors with their traceback.
LOG_LEVEL = env.str("LOG_LEVEL", default="INFO")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"stdout": {"class": "logging.StreamHandler", "stream": "ext://sys.stdout",
                            "formatter": "plain"}},
    "root": {"handlers": ["stdout"], "level": LOG_LEVEL},
    "loggers": {
        "django": {"handlers": ["stdout"], "level": LOG_LEVEL, "propagate": False},
        "django.request": {"handlers": ["stdout"], "level": "ERROR", "propagate": False},
        "celery": {"handlers": ["stdout"], "level": LOG_LEVEL, "propagate": False},
        "gunicorn.error": {"handlers": ["stdout"], "level": LOG_LEVEL, "propagate": False},
        "gunicorn.access": {"handlers": ["stdout"], "level": "INFO", "propagate": False},
        "puzzles": {"handlers": ["stdout"], "level": LOG_LEVEL, "propagate": False},
        # A line per failed sign-in at INFO; lockouts are warnings.
        "axes": {"handlers": ["stdout"], "level": "WARNING", "propagate": False},
    },
}

# Generation: how long one task may produce levels before it hands the run to a fresh task,
# how often a working run beats, how old a beat must be before the run counts as dead
# (beat re-sends it: resume runs every 15 s, so a dead run is picked up within 45 s), and
# how long a queued run's message may wait before it counts as lost with the broker.
QUEENS_TASK_SLICE_S = env.float("QUEENS_TASK_SLICE_S", default=30.0)
QUEENS_HEARTBEAT_S = env.float("QUEENS_HEARTBEAT_S", default=10.0)
QUEENS_STALE_AFTER_S = env.float("QUEENS_STALE_AFTER_S", default=30.0)
QUEENS_QUEUED_STALE_S = env.float("QUEENS_QUEUED_STALE_S", default=120.0)
# A builder job running longer than this lost its worker (the task's hard limit is 45 s):
# the sweep fails it.
QUEENS_BUILDER_JOB_LIMIT_S = env.float("QUEENS_BUILDER_JOB_LIMIT_S", default=60.0)
if QUEENS_HEARTBEAT_S * 2 > QUEENS_STALE_AFTER_S:
    raise ImproperlyConfigured("QUEENS_STALE_AFTER_S must be at least twice QUEENS_HEARTBEAT_S")
# The day of daily #1; unset: the first daily a site assigns is #1 (puzzles.daily.services).
QUEENS_DAILY_EPOCH = (date.fromisoformat(env.str("QUEENS_DAILY_EPOCH"))
                      if env.str("QUEENS_DAILY_EPOCH", default="") else None)
QUEENS_PLAYER_COOKIE = "queens_player"

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "puzzles.api.errors.exception_handler",
    "DEFAULT_AUTHENTICATION_CLASSES": ["rest_framework.authentication.SessionAuthentication"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["puzzles.api.errors.BoundedJSONParser"],
    "NUM_PROXIES": TRUSTED_PROXIES,  # see TRUSTED_PROXIES above
    "DEFAULT_THROTTLE_RATES": {
        "anon_post": env.str("QUEENS_POST_RATE", default="120/minute"),
        # The builder analyzes after every stroke; publishing is counted per player.
        "builder": env.str("QUEENS_BUILDER_RATE", default="600/minute"),
        "publish": env.str("QUEENS_PUBLISH_RATE", default="20/hour"),
        # Per client address too: dropping the cookie makes a new player, not a new address.
        "publish_address": env.str("QUEENS_PUBLISH_ADDRESS_RATE", default="10/hour"),
        # Make it unique: a worker's search (bounded), per player and per address.
        "fix": env.str("QUEENS_FIX_RATE", default="30/minute"),
        "fix_address": env.str("QUEENS_FIX_ADDRESS_RATE", default="60/minute"),
        # Sync codes: shown now and then, entered a few times at most.
        "sync_code": env.str("QUEENS_SYNC_CODE_RATE", default="20/hour"),
        "sync_join": env.str("QUEENS_SYNC_JOIN_RATE", default="10/hour"),
        # Race rooms: made per address (each holds a few levels of the pool), joined per
        # address (a join over the socket).
        "room_create": env.str("QUEENS_ROOM_CREATE_RATE", default="30/hour"),
        "room_join": env.str("QUEENS_ROOM_JOIN_RATE", default="60/hour"),
    },
}
# One cache for every process (throttle counters must be shared): Redis when configured,
# else a database table (`manage.py createcachetable`, run by make run and the setup). Three
# names for it, each with its own answer while Redis is away (redis_cache.py): `default`
# (and allauth's sign-in limits) from this process's memory; `sessions` misses, so a
# signed-in player's session is read from the database; `levels` raises, and the level
# cache keeps nothing meanwhile (one process's memory would miss the others' changes).
CACHES = {name: {"BACKEND": "django.core.cache.backends.db.DatabaseCache",
                 "LOCATION": "queens_cache"} for name in ("default", "sessions", "levels")}
# Loopback answers in well under a millisecond: a quarter second is a hung Redis, and the
# cache's circuit opens (redis_cache.py).
REDIS_HUNG_AFTER_S = 0.25
if REDIS_URL:
    FALLBACKS = {"default": "django.core.cache.backends.locmem.LocMemCache",
                 "sessions": "django.core.cache.backends.dummy.DummyCache", "levels": None}
    CACHES = {name: {"BACKEND": "queensgame.redis_cache.QueensRedisCache",
                     "LOCATION": REDIS_URL,
                     "OPTIONS": {"socket_connect_timeout": REDIS_HUNG_AFTER_S,
                                 "socket_timeout": REDIS_HUNG_AFTER_S,
                                 "FALLBACK": fallback}}
              for name, fallback in FALLBACKS.items()}
# WebSockets (race rooms): queensgame.asgi routes them to Channels. Their messages between
# processes go through Redis when configured, else through this process's memory (make run
# is one process).
ASGI_APPLICATION = "queensgame.asgi.application"
CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
if REDIS_URL:
    CHANNEL_LAYERS = {"default": {"BACKEND": "queensgame.channel_layer.PatientRedisChannelLayer",
                                  # redis-py's pool refuses past 100 connections at once
                                  # ("Too many connections": reports lost at 50 rooms);
                                  # a process's busy moments need more.
                                  # A socket's read waits on channels_redis' blocking
                                  # pop (BZPOPMIN, 5 s): redis-py's default read timeout
                                  # is 5 s too, so an idle socket's wait timed out and
                                  # took its consumer down 5-20 s in. No read timeout
                                  # (None): any finite one wraps each read in a timeout
                                  # that swallows the cancel of a closing socket, whose
                                  # task then never ends. A hung Redis is the layer's
                                  # to wait out (queensgame.channel_layer).
                                  "CONFIG": {"hosts": [{"address": REDIS_URL,
                                                        "max_connections": 1000,
                                                        "socket_timeout": None,
                                                        "socket_connect_timeout": 5}],
                                             "prefix": env.str("QUEENS_CHANNEL_PREFIX",
                                                               default="queens:ws")}}}
# A room connection says it is alive this often (its last-seen time); one silent for three
# beats died without a word (its worker was killed) and counts as gone (services.rooms).
QUEENS_ROOM_HEARTBEAT_S = env.float("QUEENS_ROOM_HEARTBEAT_S", default=15.0)
SPECTACULAR_SETTINGS = {
    "TITLE": "Queens API",
    "DESCRIPTION": "Colored-region n-Queens levels: play, check, daily puzzles, generation.",
    "VERSION": "1.0.0",
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "SERVE_INCLUDE_SCHEMA": False,
    "ENUM_NAME_OVERRIDES": {"RuleEnum": "puzzles.models.Rule", "TierEnum": "puzzles.models.Tier",
                            "JobStatusEnum": "puzzles.models.FixStatus"},
    # The anonymous player: a signed cookie the server sets on the first answer; sending it
    # back keeps solves, hints and the daily streak one player's.
    "APPEND_COMPONENTS": {"securitySchemes": {"playerCookie": {
        "type": "apiKey", "in": "cookie", "name": QUEENS_PLAYER_COOKIE,
        "description": "Set by the server on the first response (HttpOnly, signed, 10 "
                       "years): an anonymous player id. Send it back so checks, hints and "
                       "solves count for the same player; without it each request is a new "
                       "player.",
    }}},
    "SECURITY": [{"playerCookie": []}, {}],
}

# Folders the defaults write to, made when Django starts (PuzzlesConfig.ready), never at
# import: the var/ folder (SQLite), the collected static files, the filesystem broker's.
QUEENS_MAKE_DIRS = [VAR_DIR, STATIC_ROOT] + ([] if REDIS_URL else [
    _celery_dir / sub for sub in ("queue", "processed", "control")])

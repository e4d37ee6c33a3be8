# syntax=docker/dockerfile:1
# Builder: compiles the engine and collects the static files; the runtime image below has
# no compiler and runs as a user of its own.
FROM python:3.11-slim AS build
# PyICU compiles against the system ICU (g++, pkg-config, libicu-dev here; libicu72 at run time).
RUN apt-get update && apt-get install -y --no-install-recommends gcc g++ pkg-config libicu-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY requirements.txt ./
RUN grep -v '^-e' requirements.txt > /tmp/runtime.txt \
    && pip wheel --no-cache-dir --wheel-dir /wheels -r /tmp/runtime.txt \
    && pip install --no-cache-dir /wheels/* "Cython>=3.1" "setuptools>=68" wheel
COPY . .
RUN python setup.py build_ext --inplace \
    && rm -rf build generator_ext/*.c \
    && DEBUG=0 SECRET_KEY=build-only-key-never-served-0123456789-abcdefghijklmnopqrstuvwxyz \
       STATIC_ROOT=/app/staticfiles python manage.py collectstatic --noinput

# The edge: nginx with the project's config and the collected static files baked in.
FROM nginx:1.27-alpine AS edge
COPY nginx/nginx.conf.template /etc/nginx/templates/nginx.conf.template
RUN rm -f /etc/nginx/conf.d/default.conf
COPY --from=build /app/staticfiles /srv/static

# The app (the last stage: what a plain `docker build` makes).
FROM python:3.11-slim
RUN apt-get update && apt-get install -y --no-install-recommends libicu72 \
    && rm -rf /var/lib/apt/lists/* && useradd --create-home --uid 10001 queens
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir /wheels/* && rm -rf /wheels
WORKDIR /app
COPY --from=build --chown=queens:queens /app /app
USER queens
ENV PYTHONUNBUFFERED=1 QUEENS_VAR_DIR=/app/var STATIC_ROOT=/app/staticfiles
EXPOSE 8000
CMD ["gunicorn", "-c", "python:queensgame.gunicorn_conf", "queensgame.asgi"]

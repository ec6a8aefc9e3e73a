# Scarab: a small image that runs `python -m bot` as a non-root user.
# Build: docker build -t scarab .   Run: docker run --env-file .env -v scarab:/data scarab
# Other commands: docker run --rm scarab python -m bot --help
FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY rules rules
COPY render render
COPY ai ai
COPY bot bot
COPY cogs cogs
COPY lang lang
COPY bench bench
RUN pip wheel --no-cache-dir --wheel-dir /wheels .

FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    DATABASE=/data/scarab.sqlite3
# The wheel carries render/fonts/*.ttf (package data), so boards draw with DejaVu.
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir /wheels/*.whl && rm -rf /wheels \
    && useradd --system --uid 10001 --home-dir /data --create-home scarab
USER scarab
WORKDIR /data
VOLUME /data
CMD ["python", "-m", "bot", "run"]

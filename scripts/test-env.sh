# The settings the emulated functions run under in the tests (sourced by scripts/test.sh and
# e2e/support/run-browser-suite.sh): stand-ins of the services these machines cannot reach, never real keys.
# The functions reach a local Gemini stand-in (started by the integration tests), never Google.
export GEMINI_API_KEY=test-api-key GEMINI_STAND_IN_PORT=9311
export GEMINI_BASE_URL="http://127.0.0.1:$GEMINI_STAND_IN_PORT"
# A synthesis call that hangs falls back after 3 s here (60 s by default), so the timeout test stays short.
export GEMINI_SYNTHESIS_TIMEOUT_SECONDS=3
# The synthesis waits 0.2 s for more changes (1.5 s by default): the tests wait for a synthesis many times.
export SYNTHESIS_DEBOUNCE_MS=200
# Stripe likewise: the real SDK against a local stand-in of its API (not real keys).
export STRIPE_SECRET_KEY=sk_test_standin STRIPE_WEBHOOK_SECRET=whsec_test STRIPE_STAND_IN_PORT=9312
export STRIPE_API_BASE="http://127.0.0.1:$STRIPE_STAND_IN_PORT"
# Miro likewise (the whiteboard push), with a stand-in of its REST API.
export MIRO_STAND_IN_PORT=9314 MIRO_API_BASE="http://127.0.0.1:9314"
# At most this many worker processes per emulated function (scripts/functions-worker-cap.cjs, preloaded into the
# Firebase CLI): past it a request waits for a free worker instead of starting one more.
export FUNCTIONS_WORKERS_PER_FUNCTION=${FUNCTIONS_WORKERS_PER_FUNCTION:-2}
export NODE_OPTIONS="${NODE_OPTIONS:+$NODE_OPTIONS }--require $ROOT/scripts/functions-worker-cap.cjs"
# The Auth emulator compiles its request validators as requests need them, not all at its start (see the script).
export NODE_OPTIONS="$NODE_OPTIONS --require $ROOT/scripts/auth-emulator-lazy-validators.cjs"
# The Firestore emulator (Java) with the JIT's first tier only: over a test run its optimising compiler took about three
# quarters of the emulator's CPU, for code that then ran a few minutes.
export JAVA_TOOL_OPTIONS="${JAVA_TOOL_OPTIONS:+$JAVA_TOOL_OPTIONS }-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"
# The Functions emulator asks npm for firebase-functions' latest version each time it starts, a blocking call that
# holds every emulator's start for up to 10 s when the registry cannot be reached: npm answers from its cache.
export npm_config_offline=true

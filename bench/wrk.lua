-- wrk script of bench/http_load.py: reports one scenario as a line of JSON.
-- With BENCH_KEEPERS="token:next-hand,..." each wrk thread (one connection each) posts the
-- next hand of its own table, as the scorekeeper's phone does, taking the number of the hand
-- after it from the board the server answers with, and saying what its page shows as the page
-- does (the board's revision and the form's key, from the answer before); otherwise wrk sends its GET.

local keepers = {}
for token, number in string.gmatch(os.getenv("BENCH_KEEPERS") or "", "([%w_-]+):(%d+)") do
  table.insert(keepers, {token = token, number = tonumber(number)})
end
local players = tonumber(os.getenv("BENCH_PLAYERS") or "6")
local threads = {}

function setup(thread)
  table.insert(threads, thread)
  if #keepers > 0 then
    thread:set("keeper", keepers[#threads].token)
    thread:set("number", keepers[#threads].number)
  end
  thread:set("failures", 0)
end

local function csrf_secret()
  local letters = {}
  for i = 1, 32 do
    letters[i] = string.char(string.byte("a") + math.random(0, 25))
  end
  return table.concat(letters)
end

function init(args)
  if keeper == nil then
    return
  end
  math.randomseed(os.time() + number)
  local secret = csrf_secret()
  local headers = {["Content-Type"] = "application/x-www-form-urlencoded", ["HX-Request"] = "true",
                   ["Cookie"] = "csrftoken=" .. secret, ["X-CSRFToken"] = secret}
  local path = "/t/" .. keeper .. "/hands/"

  request = function()
    local winner = math.random(0, players - 1)
    local fields = {"hand_number=" .. number}
    if revision then
      table.insert(fields, "revision=" .. revision)
      table.insert(fields, "form_key=" .. form_key)
    end
    for seat = 0, players - 1 do
      table.insert(fields, "status-" .. seat .. "=" .. (seat == winner and "winner" or "seen"))
      table.insert(fields, "maal-" .. seat .. "=" .. math.random(0, 20))
    end
    return wrk.format("POST", path, headers, table.concat(fields, "&"))
  end

  -- A 409 is a number already taken (by a post still in flight when the previous run stopped):
  -- the phone is told so and shown the current board, which is not a failure.
  response = function(status, headers, body)
    if status ~= 200 and status ~= 409 then
      failures = failures + 1
    end
    number = tonumber(string.match(body, 'name="hand_number" value="(%d+)"')) or number
    revision = string.match(body, 'name="revision" value="(%d+)"')
    form_key = string.match(body, 'name="form_key" value="(%w+)"')
    if not form_key then
      revision = nil
    end
  end
end

function done(summary, latency, requests)
  local failures = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  for _, thread in ipairs(threads) do
    failures = failures + thread:get("failures")
  end
  if #keepers == 0 then
    failures = failures + summary.errors.status  -- any 4xx or 5xx; posts count theirs in response()
  end
  io.write(string.format('{"requests": %d, "seconds": %.6f, "p50": %.3f, "p99": %.3f, "failures": %d}\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    failures))
end

-- The benchmarks' wrk script: `wrk -t1 -c N -d S -s wrk-load.lua <origin> -- <paths file> [name=value …]`
-- (see `load` in processes.ts). The paths file holds one path and query a line. Settings:
--   first=N, last=N   the lines asked (1-based, inclusive; last defaults to the file's end)
--   connections=N     wrk's -c (the run ends when all of them are idle)
--   cycle=1           ask them in turn again and again; else each once, and stop when all are asked
--   method=M, body=B, header=NAME: VALUE (repeatable)
-- At the end it prints one JSON line: responses, duration, errors, latency percentiles (µs), and
-- how many paths were asked, and wrk's own CPU time (os.clock: the process's, all threads).
local paths, first, last, cycle, method, body = {}, 1, 0, false, "GET", nil
local turn, verified, idle, connections = 0, false, 0, 1

function init(args)
  for line in io.lines(args[1]) do paths[#paths + 1] = line end
  for k = 2, #args do
    local name, value = args[k]:match("^([^=]+)=(.*)$")
    if name == "first" then first = tonumber(value)
    elseif name == "last" then last = tonumber(value)
    elseif name == "connections" then connections = tonumber(value)
    elseif name == "cycle" then cycle = value == "1"
    elseif name == "method" then method = value
    elseif name == "body" then body = value
    elseif name == "header" then
      local key, val = value:match("^([^:]+): (.*)$")
      wrk.headers[key] = val
    end
  end
  if last == 0 then last = #paths end
  turn = first - 1
end

function request()
  -- wrk calls this once at start to check the script's request (never sent): not a turn.
  if not verified then
    verified = true
    return wrk.format(method, paths[first], nil, body)
  end
  turn = turn + 1
  if turn > last then
    if cycle then
      turn = first
    else
      -- Every path asked once: this connection sends nothing more. When every connection is idle so,
      -- all answers are in: the thread stops, and the line below asks the parent to end the run
      -- (SIGINT; wrk itself would sleep out its duration).
      idle = idle + 1
      if idle == connections then
        wrk.thread:set("exhausted", 1)
        io.write("exhausted\n")
        io.flush()
        wrk.thread:stop()
      end
      return ""
    end
  end
  wrk.thread:set("asked", turn - first + 1)
  return wrk.format(method, paths[turn], nil, body)
end

local threads = {}
function setup(thread)
  threads[#threads + 1] = thread
end

function done(summary, latency, requests)
  local t = threads[1]
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout + summary.errors.status
  io.write(string.format(
    '{"responses":%d,"durationUs":%d,"errors":%d,"p50Us":%d,"p99Us":%d,"asked":%d,"exhausted":%s,"cpuSeconds":%.3f}\n',
    summary.requests, summary.duration, errors, latency:percentile(50), latency:percentile(99),
    t:get("asked") or 0, t:get("exhausted") and "true" or "false", os.clock()))
end

#!/usr/bin/env ruby
# rfc1808 adapter for the addressable gem (Debian's ruby-addressable):
# `Addressable::URI.join(base, relative).to_s`, the call its documentation
# gives for joining URIs. An Addressable::URI::InvalidURIError (or any other
# exception) is a rejection.
#
#     ruby adapters/ruby-addressable.rb              # jsonl (also: --jsonl)
#     ruby adapters/ruby-addressable.rb --lines      # lines
#     ruby adapters/ruby-addressable.rb BASE REL     # argv
#
# Needs Ruby and the addressable gem.
require 'json'
require 'addressable/uri'
require 'addressable/version'

NAME = 'ruby-addressable'

# Returns [result, nil] or [nil, message] when the library raises.
def resolve(base, relative)
  [Addressable::URI.join(base, relative).to_s, nil]
rescue StandardError => e
  # Addressable::URI::InvalidURIError is the documented rejection; anything
  # else the library raises is reported the same way, with its class name.
  [nil, "#{e.class}: #{e.message}"]
end

# Input is UTF-8 whatever the locale says; every answer goes out at once.
$stdin.binmode
$stdout.binmode
$stdout.sync = true

def utf8(bytes)
  bytes.dup.force_encoding(Encoding::UTF_8).scrub
end

def jsonl_answer(line)
  request = begin
    JSON.parse(utf8(line))
  rescue JSON::ParserError => e
    return { 'id' => nil, 'error' => "adapter: bad request: #{e.message}" }
  end
  return { 'id' => nil, 'error' => 'adapter: bad request: not an object' } unless request.is_a?(Hash)

  id = request['id']
  case request['type']
  when 'stop'
    nil
  when 'start'
    {
      'type' => 'started', 'version' => 1, 'name' => NAME,
      'implementation_version' => "#{Addressable::VERSION::STRING} (ruby #{RUBY_VERSION})",
      'language' => 'ruby', 'spec' => 'RFC 3986'
    }
  when 'resolve'
    base = request['base']
    relative = request['relative']
    unless base.is_a?(String) && relative.is_a?(String)
      return { 'id' => id, 'error' => 'adapter: base and relative must be strings' }
    end

    result, error = resolve(base, relative)
    error ? { 'id' => id, 'error' => error } : { 'id' => id, 'result' => result }
  else
    { 'id' => id, 'error' => "adapter: unknown request type #{request['type'].inspect}" }
  end
end

def lines_answer(line)
  base, relative = utf8(line).chomp.split("\t", 2)
  return "\tadapter: request without a TAB" if relative.nil?

  result, error = resolve(base, relative)
  return "\t#{error.gsub(/[\r\n]+/, ' ')}" if error
  return "\tadapter: the result cannot be sent as a line" if result.match?(/[\r\n]/) || result.start_with?("\t")

  result
end

args = ARGV
if args.empty? || args == ['--jsonl']
  $stdin.each_line do |line|
    answer = jsonl_answer(line)
    break if answer.nil?

    $stdout.write(JSON.generate(answer), "\n")
  end
elsif args == ['--lines']
  $stdin.each_line { |line| $stdout.write(lines_answer(line), "\n") }
elsif args.length == 2
  result, error = resolve(utf8(args[0]), utf8(args[1]))
  if error
    warn error
    exit 1
  end
  $stdout.write(result, "\n")
else
  warn "usage: #{NAME} [--jsonl | --lines | BASE RELATIVE]"
  exit 2
end

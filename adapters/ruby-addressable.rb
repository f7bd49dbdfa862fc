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
# Needs Ruby and the addressable gem. The protocols are those of
# rfc1808-adapter.rb, beside this file.
require 'addressable/uri'
require 'addressable/version'
require_relative 'rfc1808-adapter'

Rfc1808Adapter.run(name: 'ruby-addressable', spec: 'RFC 3986',
                   version: -> { "#{Addressable::VERSION::STRING} (ruby #{RUBY_VERSION})" }) do |base, relative|
  Addressable::URI.join(base, relative).to_s
end

import { describe, expect, it } from 'vitest';
import {
  devPolicy,
  embedHeaders,
  frameAncestorSources,
  framedPolicy,
  isEmbedPage,
  productionPolicy,
  staticHeadersFile,
} from './securityHeaders.ts';
import { readFileSync } from 'node:fs';
import { assetHeaders, assetHeadersFile } from './embedBuild.ts';

describe('the embed page headers', () => {
  it('widen frame-ancestors only, and send no X-Frame-Options', () => {
    const headers = embedHeaders(productionPolicy(), ['*']);
    expect(headers['Content-Security-Policy']).toBe(productionPolicy().replace("frame-ancestors 'none'", 'frame-ancestors *'));
    expect(headers).not.toHaveProperty('X-Frame-Options');
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    const dev = devPolicy('abc');
    expect(framedPolicy(dev, ['https://course.example'])).toBe(
      dev.replace("frame-ancestors 'none'", 'frame-ancestors https://course.example'),
    );
  });

  it('read FIRETIME_FRAME_ANCESTORS, keeping only origins, * and self', () => {
    expect(frameAncestorSources({})).toEqual(['*']);
    expect(frameAncestorSources({ FIRETIME_FRAME_ANCESTORS: "https://a.example  http://127.0.0.1:4411 'self'" })).toEqual([
      'https://a.example',
      'http://127.0.0.1:4411',
      "'self'",
    ]);
    expect(frameAncestorSources({ FIRETIME_FRAME_ANCESTORS: "javascript:alert(1) 'unsafe-inline'; https://a.example;" })).toEqual(
      ['*'],
    );
  });

  it('apply to the embed page only, never to a path the app answers', () => {
    expect(isEmbedPage('/embed/')).toBe(true);
    expect(isEmbedPage('/embed/?card=delay&delay=5000')).toBe(true);
    expect(isEmbedPage('/embed/index.html?card=band')).toBe(true);
    for (const path of ['/', '/index.html', '/embed', '/embed/x', '/embed/assets/index.js', '/embedded/', '/?/embed/'])
      expect(isEmbedPage(path), path).toBe(false);
  });

  it('are written to _headers after the app rule, detaching the two headers they replace', () => {
    const file = staticHeadersFile(productionPolicy(), ['*']);
    expect(file.startsWith("/*\n  Content-Security-Policy: default-src 'none';")).toBe(true);
    expect(file).toContain(
      `/embed/\n  ! Content-Security-Policy\n  ! X-Frame-Options\n  Content-Security-Policy: ${framedPolicy(productionPolicy(), ['*'])}\n`,
    );
    expect(file).toContain('/embed/index.html\n  ! Content-Security-Policy');
  });

  it('let any origin read the embed assets (a sandboxed frame is origin null) and cache hashed files for good', () => {
    expect(assetHeaders('/embed/assets/index-abc.js')).toEqual({
      'Access-Control-Allow-Origin': '*',
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
    expect(assetHeaders('/firetime-card.js?v=1')).toEqual({ 'Access-Control-Allow-Origin': '*' });
    expect(assetHeaders('/assets/index-abc.js')).toEqual({ 'Cache-Control': 'public, max-age=31536000, immutable' });
    for (const path of ['/', '/embed/', '/index.html', '/firetime-card.js.map']) expect(assetHeaders(path), path).toEqual({});
  });

  it('are the ones public/_headers holds', () => {
    const file = readFileSync(new URL('../public/_headers', import.meta.url), 'utf8');
    expect(file).toBe(staticHeadersFile(productionPolicy(), ['*']) + assetHeadersFile());
  });
});

import { useEffect, useState } from 'react';

const KEY = (userId: string) => `backroom.greeted.${userId}`;

/**
 * 'Welcome' the first time a person opens the back office in this browser, 'Welcome back' after
 * (docs/first-hour.md): a new owner is not welcomed back to a shop they just opened.
 */
export function useGreeting(userId: string): 'Welcome' | 'Welcome back' {
  const [seenBefore] = useState(() => {
    try {
      return localStorage.getItem(KEY(userId)) !== null;
    } catch {
      return true;
    }
  });
  useEffect(() => {
    try {
      localStorage.setItem(KEY(userId), new Date().toISOString());
    } catch {
      // private mode without storage: the greeting stays 'Welcome back'
    }
  }, [userId]);
  return seenBefore ? 'Welcome back' : 'Welcome';
}
